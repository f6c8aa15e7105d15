#!/usr/bin/env bash
# Smoke test of a production install (install-production.sh DEST), started as the image starts it:
#   scripts/container/smoke.sh DEST
# - DEST is made read-only, and the server runs as a user who cannot write to it (as root: the
#   unprivileged SMOKE_USER, default nobody, through setpriv), on a DATA_DIR outside DEST that
#   this user owns;
# - it is started twice on the same data: `node apps/api/dist/server.js` (the image's CMD), then
#   `npm start` (scripts/start.mjs must run the build as it is, never try to build);
# - each time: GET /api/health/ready 200, sign-in of the first administrator (ADMIN_PASSWORD), the
#   portal's / and /login and one script (smoke-http.mjs); then SIGTERM to the server process,
#   and what was started must exit 0 within 10 s with "stopped" as its last log line;
# - every package the compiled server imports (also those loaded only when configured: S3,
#   PostgreSQL, Redis) resolves in DEST (check-imports.mjs);
# - finally nothing inside DEST may have changed.
# Runs under the `node` and `npm` first on PATH. apps/api/test/production/omit-dev.test.ts runs it.
set -euo pipefail
if [ "$#" -ne 1 ]; then
  echo "usage: $0 DEST   (a folder made by install-production.sh)" >&2
  exit 2
fi
here="$(cd "$(dirname "$0")" && pwd)"
dest="$(cd "$1" && pwd)"
password="${SMOKE_PASSWORD:-smoke-admin-password}"
email="admin@example.com"
[ -f "$dest/apps/api/dist/server.js" ] || { echo "smoke: $dest/apps/api/dist/server.js is missing" >&2; exit 1; }

work="$(mktemp -d)"
chmod 755 "$work"
data="$work/data"
home="$work/home"
mkdir -p "$data" "$home"
pid=""
cleanup() {
  [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null || true
  chmod -R u+w "$dest" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

chmod -R a-w "$dest"
run_as=()
if [ "$(id -u)" = 0 ]; then
  user="${SMOKE_USER:-nobody}"
  "$here/data-dir.sh" "$data" "$user"
  "$here/data-dir.sh" "$home" "$user"
  run_as=(setpriv "--reuid=$(id -u "$user")" "--regid=$(id -g "$user")" --clear-groups --)
  if ! "${run_as[@]}" test -r "$dest/apps/api/dist/server.js"; then
    echo "smoke: $user cannot read $dest (make it and its parent folders readable and searchable by all)" >&2
    exit 1
  fi
  writable="$("${run_as[@]}" find "$dest" -writable -print -quit)"
  if [ -n "$writable" ]; then
    echo "smoke: $user can write to $writable inside $dest" >&2
    exit 1
  fi
  echo "smoke: DEST read-only; the server runs as $user (uid $(id -u "$user")); DATA_DIR=$data"
else
  echo "smoke: DEST read-only (chmod -R a-w); the server runs as $(id -un); DATA_DIR=$data"
fi
snapshot() { (cd "$dest" && find . -printf '%p\t%y\t%s\t%T@\n' | LC_ALL=C sort); }
snapshot >"$work/before"
node "$here/check-imports.mjs" "$dest"

free_port() {
  node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# run LABEL COMMAND...: start, check over HTTP, SIGTERM, check the stop.
run() {
  local label="$1"
  shift
  local port log t0 code=0
  port="$(free_port)"
  log="$work/$label.log"
  (
    cd "$dest"
    exec ${run_as[@]+"${run_as[@]}"} env -i PATH="$PATH" HOME="$home" NODE_ENV=production DATA_DIR="$data" \
      HOST=127.0.0.1 PORT="$port" ADMIN_EMAIL="$email" ADMIN_PASSWORD="$password" LOG_LEVEL=info LOG_FORMAT=json \
      npm_config_update_notifier=false npm_config_cache="$home/.npm" "$@"
  ) >"$log" 2>&1 &
  pid=$!
  echo "smoke: [$label] started \`$*\` (pid $pid, port $port, node $(node --version))"
  if ! SMOKE_SERVER_PID="$pid" SMOKE_EMAIL="$email" SMOKE_PASSWORD="$password" \
    node "$here/smoke-http.mjs" "http://127.0.0.1:$port" | sed "s/^smoke: /smoke: [$label] /"; then
    echo "smoke: [$label] FAILED; its output:" >&2
    cat "$log" >&2
    exit 1
  fi
  # The server's own pid, from its log: `node` itself; under `npm start`, npm's grandchild (npm
  # itself answers SIGTERM by exiting 143 at once, without waiting: never make it PID 1).
  local server
  server="$(grep -m1 -oE '"pid":[0-9]+' "$log" | cut -d: -f2)"
  t0="$(date +%s%N)"
  kill -TERM "$server"
  for _ in $(seq 1 100); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    echo "smoke: [$label] FAILED: still running 10 s after SIGTERM; its output:" >&2
    cat "$log" >&2
    exit 1
  fi
  wait "$pid" || code=$?
  pid=""
  local ms=$((($(date +%s%N) - t0) / 1000000))
  local last
  last="$(grep -v '^\s*$' "$log" | tail -n 1)"
  if [ "$code" != 0 ] || ! grep -q '"msg":"stopped"' <<<"$last"; then
    echo "smoke: [$label] FAILED: after SIGTERM: exit $code, last line: $last; its output:" >&2
    cat "$log" >&2
    exit 1
  fi
  if grep -qE 'Building|rebuilding|built from other sources|not built' "$log"; then
    echo "smoke: [$label] FAILED: start-up talked about building:" >&2
    cat "$log" >&2
    exit 1
  fi
  echo "smoke: [$label] SIGTERM to the server (pid $server) -> exit 0 in $ms ms, last line \"stopped\""
}

run node node apps/api/dist/server.js
run npm-start npm start --silent

snapshot >"$work/after"
if ! diff -u "$work/before" "$work/after" >"$work/diff"; then
  echo "smoke: FAILED: something inside $dest changed while it ran:" >&2
  cat "$work/diff" >&2
  exit 1
fi
echo "smoke: nothing inside $dest was written"
echo "smoke: OK"
