#!/usr/bin/env bash
# Installs whatever a fresh clone lacks, so `npm start` and `npm test` are the first commands anyone types.
# Idempotent and quiet when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

lock_is_newer() { [ ! -f "$2" ] || [ "$1" -nt "$2" ]; }

if [ ! -d node_modules ] || lock_is_newer package-lock.json node_modules/.package-lock.json; then
  echo "› installing npm packages (npm ci)…"
  npm ci --no-audit --no-fund --loglevel=error
fi

if [ -f functions/package-lock.json ]; then
  if [ ! -d functions/node_modules ] || lock_is_newer functions/package-lock.json functions/node_modules/.package-lock.json; then
    echo "› installing Cloud Functions packages (npm ci in functions/)…"
    npm ci --prefix functions --no-audit --no-fund --loglevel=error
  fi
fi

# Browser tests and screenshots use Debian's Chromium (npx playwright install cannot work offline).
if [ "${SKIP_BROWSER_INSTALL:-}" != "1" ] && [ ! -x /usr/bin/chromium ]; then
  echo "› installing Chromium and Bengali fonts from Debian…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-core >/dev/null
fi
