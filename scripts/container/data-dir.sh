#!/usr/bin/env bash
# The server's DATA_DIR, owned by the user the server runs as (and only by it): the one place the
# running product writes to (embedded database, generated secrets, e-mail files, uploads).
#   scripts/container/data-dir.sh DIR USER     (run as root)
# The Dockerfile's runtime stage runs it for /data and the `node` user; smoke.sh for its DATA_DIR.
set -euo pipefail
if [ "$#" -ne 2 ]; then
  echo "usage: $0 DIR USER" >&2
  exit 2
fi
mkdir -p "$1"
chown "$2:$(id -gn "$2")" "$1"
chmod 700 "$1"
