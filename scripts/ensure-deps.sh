#!/usr/bin/env bash
# Installs whatever a fresh clone lacks, so `npm start` and `npm test` are the first commands anyone types.
# Idempotent and quiet when everything is already there: a package tree is reinstalled only when its
# lockfile's content (or a dependency patch in patches/) differs from the one it was installed from (recorded
# beside node_modules).
set -euo pipefail
cd "$(dirname "$0")/.."

# install_if_changed <dir> <label>
install_if_changed() {
  local dir=$1 label=$2
  local stamp="$dir/node_modules/.installed-lock.sha256"
  local want
  # The lockfile and the dependency patches npm ci's postinstall applies (patches/, patch-package).
  want=$(cat "$dir/package-lock.json" $(compgen -G "$dir/patches/*.patch" || true) | sha256sum | cut -d' ' -f1)
  if [ -d "$dir/node_modules" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return 0
  fi
  echo "› installing $label (npm ci)…"
  npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error
  echo "$want" >"$stamp"
}

# The project's packages, the Cloud Functions' and Debian's Chromium are independent: installed side by side (on a
# fresh clone they download and unpack at once instead of one after the other), each one's output printed whole
# once it is done; any that fails fails the command.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
side_by_side=()
beside() {
  local name=$1
  shift
  "$@" >"$logs/$name" 2>&1 &
  side_by_side+=("$name:$!")
}

beside project install_if_changed . "the project's npm packages"
[ -f functions/package-lock.json ] && beside functions install_if_changed functions "the Cloud Functions' npm packages"

# Debian's Chromium (npx playwright install cannot work offline): its headless shell drives the browser tests
# and screenshots, the full browser Lighthouse (npm run lighthouse).
install_browser() {
  echo "› installing Chromium, its headless shell and fonts from Debian…"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-headless-shell fonts-noto-core >/dev/null
}
if [ "${SKIP_BROWSER_INSTALL:-}" != "1" ] && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; }; then
  beside browser install_browser
fi

failed=0
for job in "${side_by_side[@]}"; do
  if ! wait "${job#*:}"; then failed=1; fi
  cat "$logs/${job%%:*}"
done
exit $failed
