# syntax=docker/dockerfile:1
# StrideAdmin: the portal and the API in one Node.js process (docs/operations/container.md).
# Every RUN below is a script under scripts/container/ that CI runs outside any container engine
# (apps/api/test/production/omit-dev.test.ts): the image is built the way the tests build it.
#
#   docker build -t strideadmin .
#   docker run -p 3000:3000 -v strideadmin-data:/data -e ADMIN_PASSWORD=... strideadmin

# The Node.js LTS the API suite also runs on in CI (TEST_NODE_LTS in .ci/run).
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Build: every dependency, then `npm run build` (apps/web/dist, apps/api/dist).
FROM ${NODE_IMAGE} AS builder
WORKDIR /src
COPY . .
RUN scripts/container/build.sh

# 2. Install: the build, the migrations and `npm ci --omit=dev` into a fresh /app. Its own stage,
#    so that neither the sources nor the dev tools nor the npm cache reach the image's layers.
FROM ${NODE_IMAGE} AS install
COPY --from=builder /src /src
RUN /src/scripts/container/install-production.sh /src /app

# 3. Runtime: /app owned by root and read-only to the server, which runs as `node` (uid 1000)
#    and writes only to /data. `node` is PID 1 (no tini): the server handles SIGTERM, SIGINT and
#    SIGHUP itself (a graceful stop within 10 s, exit 0) and starts no child processes to reap.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
WORKDIR /app
COPY --from=install /app /app
RUN scripts/container/data-dir.sh /data node
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/api/dist/server.js"]
