#!/usr/bin/env bash
# `npm start`: installs what is missing, builds the playground and serves it on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --no-browser
bash scripts/build.sh
port="${PORT:-5173}"
echo "[start] JoinLab playground: http://127.0.0.1:${port}/" >&2
exec node_modules/.bin/vite preview --config www/vite.config.ts --host 127.0.0.1 --port "$port" --strictPort
