#!/usr/bin/env bash
# Installs everything JoinLab's build and tests need, idempotently:
#   the wasm32 target, wasm-bindgen-cli pinned to Cargo.lock's wasm-bindgen, Debian's
#   Chromium + ChromeDriver, and the npm packages (never a browser download).
# Usage: scripts/setup.sh [--no-browser]
set -euo pipefail
cd "$(dirname "$0")/.."
say() { echo "[setup] $*" >&2; }

need_browser=1
[ "${1:-}" = "--no-browser" ] && need_browser=0

# 1. Rust target for the page
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# 2. wasm-bindgen-cli, the exact version of the wasm-bindgen crate in Cargo.lock
wb_version="$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' Cargo.lock)"
if [ -z "$wb_version" ]; then echo "[setup] wasm-bindgen not found in Cargo.lock" >&2; exit 1; fi
if ! command -v wasm-bindgen >/dev/null || [ "$(wasm-bindgen --version | awk '{print $2}')" != "$wb_version" ]; then
  say "installing wasm-bindgen-cli $wb_version (about 2 minutes)"
  cargo install wasm-bindgen-cli --version "$wb_version" --force
fi

# 3. Debian's Chromium and ChromeDriver (Playwright and wasm-bindgen-test use them)
if [ "$need_browser" = 1 ] && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; }; then
  say "installing Debian's chromium and chromium-driver"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# 4. npm packages (Playwright must not download a browser)
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
stamp=node_modules/.joinlab-lock
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  say "installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
say "ready"
