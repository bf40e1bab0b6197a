#!/usr/bin/env bash
# Builds the static site into dist/: the wasm engine, then the page with Vite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-wasm.sh
# The exporter the page's Export button loads on its first press (www/src/export/): the npm
# package's module, the engine with its `export` feature (packages/joinlab/wasm; `npm pack` finds
# it up to date). The page's own module stays without it (its size budget).
JOINLAB_WASM_OUT=packages/joinlab/wasm JOINLAB_WASM_FEATURES=cli bash scripts/build-wasm.sh
node_modules/.bin/vite build --config www/vite.config.ts --logLevel warn
echo "[build] dist/ ready" >&2
