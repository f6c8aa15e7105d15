#!/usr/bin/env bash
# Production install from a build: copy what the running product needs out of a BUILT source tree
# SRC (after build.sh) into a fresh folder DEST, then install the runtime dependencies only
# (`npm ci --omit=dev`). DEST holds no sources, no dev tools, no .git and no data; it runs with
# `node apps/api/dist/server.js` (or `npm start`) and is never written to at run time.
#   scripts/container/install-production.sh SRC DEST
# The Dockerfile's install stage runs exactly this; so does apps/api/test/production/omit-dev.test.ts.
set -euo pipefail
if [ "$#" -ne 2 ]; then
  echo "usage: $0 SRC DEST   (SRC: a built source tree; DEST: an empty or new folder)" >&2
  exit 2
fi
src="$(cd "$1" && pwd)"
mkdir -p "$2"
dest="$(cd "$2" && pwd)"
if [ -n "$(ls -A "$dest")" ]; then
  echo "install-production: $dest is not empty" >&2
  exit 2
fi
for built in apps/api/dist/server.js apps/web/dist/index.html; do
  if [ ! -f "$src/$built" ]; then
    echo "install-production: $src/$built is missing: run scripts/container/build.sh (npm run build) first" >&2
    exit 1
  fi
done

# What the product reads at run time, and what `npm ci` needs to install the workspaces:
# - the lockfile and every workspace's package.json (npm ci checks them against the lockfile);
# - the compiled server (apps/api/dist: our code, the contract and the pure-JS npm packages,
#   bundled; native code, PGlite and the drivers loaded on demand come from node_modules, as do
#   the files a bundled package reads beside its modules), the SQL migrations it applies on start, and its data
#   files (apps/api/resources: the common passwords it refuses);
# - the built portal (apps/web/dist);
# - `npm start` and the CLI runner (scripts/start.mjs, api.mjs, build.mjs for its entry list,
#   lib/build-state.mjs). They find no sources here, so they run the build as it is;
# - scripts/container (the image prepares /data with data-dir.sh; smoke.sh can run in it).
paths=(
  package.json
  package-lock.json
  apps/api/package.json
  apps/api/dist
  apps/api/drizzle
  apps/api/resources
  apps/web/package.json
  apps/web/dist
  packages/contract/package.json
  scripts/start.mjs
  scripts/api.mjs
  scripts/build.mjs
  scripts/lib
  scripts/container
)
for p in "${paths[@]}"; do
  mkdir -p "$dest/$(dirname "$p")"
  cp -R "$src/$p" "$dest/$p"
done
[ -f "$src/.npmrc" ] && cp "$src/.npmrc" "$dest/.npmrc"

cd "$dest"
# Only the API workspace's dependencies: the portal ships built (its React packages are not needed
# to serve it) and the contract is compiled into apps/api/dist. --ignore-scripts: no runtime
# dependency needs an install script (native code such as argon2 comes as prebuilt optional
# packages). A private npm cache, removed after, keeps DEST and the image free of it.
cache="$(mktemp -d)"
trap 'rm -rf "$cache"' EXIT
NODE_ENV=production npm ci --omit=dev --workspace @strideadmin/api --ignore-scripts --no-audit --no-fund --cache "$cache"
echo "installed the production tree in $dest ($(du -sh "$dest" | cut -f1))"
