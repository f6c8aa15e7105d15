#!/usr/bin/env bash
# Build stage: install every dependency (dev tools included) from the lockfile and build the
# portal and the API server (`npm run build`: apps/web/dist, apps/api/dist).
#   scripts/container/build.sh [SRC]     (SRC: the source tree, default: this repository)
# The Dockerfile's builder stage runs exactly this; so does apps/api/test/production/omit-dev.test.ts.
set -euo pipefail
src="$(cd "${1:-$(dirname "$0")/../..}" && pwd)"
cd "$src"
npm ci --no-audit --no-fund
npm run build
