#!/usr/bin/env bash
# Every test of the project: lint, types, the bundle budget, then each Vitest suite in turn
# (sequentially, so the browser suites' timing is not disturbed by another suite on the same two cores).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
export METADATA_SERVER_DETECTION=none NO_UPDATE_NOTIFIER=1

# The static checks, side by side on the two cores (each is single-threaded); each one's output is printed
# whole under its title once it is done, and any failure stops the run.
checks=$(mktemp -d)
check() {
  local name=$1
  shift
  (if "$@" >"$checks/$name.log" 2>&1; then echo 0; else echo 1; fi >"$checks/$name.status") &
}
check lint npx eslint . --max-warnings=0
check format npx prettier --check . --log-level=warn
check dependencies npx knip --dependencies
check types npx tsc -p tsconfig.json
wait
failed=0
for name in lint format dependencies types; do
  case $name in
    lint) echo "› lint (eslint)" ;;
    format) echo "› formatting (prettier)" ;;
    dependencies) echo "› dependencies: every declared package is imported and every imported one declared (exceptions in knip.jsonc)" ;;
    types) echo "› types" ;;
  esac
  cat "$checks/$name.log"
  [ "$(cat "$checks/$name.status")" = 0 ] || failed=1
done
rm -rf "$checks"
[ $failed = 0 ] || exit 1
echo "› the emulator build and the initial-JavaScript budget of /"
# The web app for the emulators, built the one way (scripts/stack/builds.ts: only when an input changed), into
# dist-local, never dist/ (deployed); the suites below (bundle budgets, e2e, npm start) all use this build.
npx tsx scripts/build-local.ts
npx tsx scripts/bundle-size.ts --dist dist-local

mkdir -p test-results
# The rules suites save their rule coverage here as they run (tests/support/rules-coverage-report.ts).
rm -rf test-results/rules-coverage test-results/rules-coverage.html
status=0
for project in config emulators web web-isolated functions integration start; do
  echo "› tests: $project"
  npx vitest run --project "$project" --reporter=default --reporter=json \
    --outputFile.json="test-results/vitest-$project.json" || status=1
done
npx tsx scripts/test-summary.ts test-results/vitest-*.json
if [ -f test-results/rules-coverage.html ]; then
  echo "› rule coverage of the rules suites: test-results/rules-coverage.html"
fi
exit $status
