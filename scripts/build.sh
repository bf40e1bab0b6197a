#!/usr/bin/env bash
# Builds the static site into dist/: the wasm engine, then the page with Vite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-wasm.sh
node_modules/.bin/vite build --config www/vite.config.ts --logLevel warn
echo "[build] dist/ ready" >&2
