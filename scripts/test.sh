#!/usr/bin/env bash
# Every test of the project: lint, types, the bundle budget, then the Vitest suites: the unit projects side by
# side (with the static checks, the build and the start suites alongside), then the integration suites (two files
# at a time, then those that change the shared shop one by one). The static
# checks run at the lowest priority (nice 19), so they take only the CPU the tests leave idle. Each step's time is
# printed at the end, as wall seconds and as CPU-seconds (user + sys), which a busy or slow host moves far less.
set -euo pipefail
cd "$(dirname "$0")/.."
cpu_files=$(mktemp -d)
# children_cpu <file>: writes to <file> the CPU-seconds (user + sys) of every process this shell has waited for,
# from bash's `times`. Through a file: in a pipe or a $(…), `times` runs in a new subshell, which has waited for
# none.
children_cpu() {
  times >"$1.times"
  awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.0f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' \
    "$1.times" >"$1"
  rm "$1.times"
}
# cpu <name> <command…>: runs the command and keeps the CPU-seconds it and all it started took in
# $cpu_files/<name>; its status is the command's. Only processes waited for count: Chromium's page processes do
# because the suites launch it without its zygote (emulators/src/testing/browser.ts), but those a stopping parent
# leaves to init do not, so the integration step shows about two thirds of what the machine spent on it (244 of
# 363 CPU-s in a clean-clone run started at load 0.3); the other steps, nearly all of it.
cpu() {
  local name=$1
  shift
  (
    set +e
    "$@"
    code=$?
    children_cpu "$cpu_files/$name"
    exit $code
  )
}
cpu_of() { cat "$cpu_files/$1"; }
cpu install bash scripts/ensure-deps.sh
export METADATA_SERVER_DETECTION=none NO_UPDATE_NOTIFIER=1
steps=("$SECONDS s  $(cpu_of install) CPU-s  install what is missing (npm ci on a fresh clone)")

# The static checks, side by side (each is single-threaded), in the background from the start of the build: at
# the lowest priority (nice 19), so the build and the unit tests, which are CPU-bound on two cores, never wait
# for them, and they finish in the CPU the browser suites leave idle (those mostly wait on the browser and the
# shop). Each check's output is printed whole under its title once the integration suites are done; a failure
# fails the run before the start suites.
started=$SECONDS
# beside <name> <nice> <command…>: runs the command in the background at that priority, keeping its output,
# whether it passed and how long it took under $beside_runs/<name>.{log,status,seconds} (its process: .pid).
beside_runs=$(mktemp -d)
beside() {
  local name=$1 niceness=$2
  shift 2
  (
    begun=$SECONDS
    if cpu "$name" nice -n "$niceness" "$@" >"$beside_runs/$name.log" 2>&1; then echo 0; else echo 1; fi \
      >"$beside_runs/$name.status"
    echo $((SECONDS - begun)) >"$beside_runs/$name.seconds"
  ) &
  echo $! >"$beside_runs/$name.pid"
}
beside lint 19 npx eslint . --max-warnings=0
beside format 19 npx prettier --check . --log-level=warn
beside dependencies 19 npx knip --dependencies --include exports,types
beside types 19 npx tsc -p tsconfig.json
# A build that fails stops the run: not before the checks are done, so that none is left running behind it.
trap wait EXIT
static_checks_done() {
  wait
  local failed=0 slowest=0 seconds cpu_seconds=0
  for name in lint format dependencies types; do
    case $name in
      lint) echo "› lint (eslint)" ;;
      format) echo "› formatting (prettier)" ;;
      dependencies) echo "› dependencies and exports: every declared package imported, every imported one declared, every export imported (knip.jsonc)" ;;
      types) echo "› types" ;;
    esac
    cat "$beside_runs/$name.log"
    [ "$(cat "$beside_runs/$name.status")" = 0 ] || failed=1
    seconds=$(cat "$beside_runs/$name.seconds")
    [ "$seconds" -le "$slowest" ] || slowest=$seconds
    cpu_seconds=$((cpu_seconds + $(cpu_of "$name")))
  done
  rm -rf "$beside_runs"
  steps+=("$slowest s  $cpu_seconds CPU-s  static checks (side by side at nice 19, alongside the build, the unit and the integration tests)")
  [ $failed = 0 ] || exit 1
}

echo "› the emulator build and the initial-JavaScript budget of /"
# The web app for the emulators, built the one way (scripts/stack/builds.ts: only when an input changed), into
# dist-local, never dist/ (deployed); the suites below (bundle budgets, e2e, npm start) all use this build.
cpu build bash -c 'npx tsx scripts/build-local.ts && npx tsx scripts/bundle-size.ts --dist dist-local'
steps+=("$((SECONDS - started)) s  $(cpu_of build) CPU-s  emulator build and bundle budget (alongside the static checks)")

mkdir -p test-results
# The rules suites save their rule coverage here as they run (tests/support/rules-coverage-report.ts).
rm -rf test-results/rules-coverage test-results/rules-coverage.html test-results/vitest-*.json
status=0
run() {
  local name=$1
  shift
  echo "› tests: $name"
  local started=$SECONDS
  local projects=()
  for project in "$@"; do projects+=(--project "$project"); done
  cpu "$name" npx vitest run "${projects[@]}" --reporter=default --reporter=json \
    --outputFile.json="test-results/vitest-$name.json" || status=1
  steps+=("$((SECONDS - started)) s  $(cpu_of "$name") CPU-s  tests: $name")
}
# background <name> <nice> <project>…: a Vitest run of its own beside the step in the foreground, its
# output printed whole by `background_done <name>` (which waits for it).
background() {
  local name=$1 niceness=$2
  shift 2
  local projects=()
  for project in "$@"; do projects+=(--project "$project"); done
  beside "$name" "$niceness" npx vitest run "${projects[@]}" --reporter=default --reporter=json \
    --outputFile.json="test-results/vitest-$name.json"
}
background_done() {
  local name=$1 beside=$2
  wait "$(cat "$beside_runs/$name.pid")" || true
  echo "› tests: $name (beside $beside)"
  cat "$beside_runs/$name.log"
  [ "$(cat "$beside_runs/$name.status")" = 0 ] || status=1
  steps+=("$(cat "$beside_runs/$name.seconds") s  $(cpu_of "$name") CPU-s  tests: $name (beside $beside)")
}

# The start suites (`npm start` as a seller runs it, on the ports of firebase.json, one shop at a time) beside
# the unit tests, whose emulators take free ports of their own: they mostly wait on the shops they start. Done
# before the integration suites start their shop on those same ports.
background start 0 start
# referee: the rules suites again, against Google's Firestore emulator (issue 50; skipped where it is absent).
# The web app's tests stay here, not beside the integration suites: there they saved about 50 s on a host at its
# usual speed, but kept both cores busy through the browser suites, and on a slower host a Logs-page journey
# timed out.
run unit config emulators functions functions-isolated referee web web-pure web-isolated web-isolated-lean
background_done start "the unit tests"
# The shop's suites two at a time, then the alone ones one by one beside those with emulators of their own.
run integration integration integration-alone integration-own
static_checks_done
npx tsx scripts/test-summary.ts test-results/vitest-*.json
echo
children_cpu "$cpu_files/whole"
echo "Time per step (whole command: $SECONDS s, $(cpu_of whole) CPU-s):"
printf '%s\n' "${steps[@]}"
if [ -f test-results/rules-coverage.html ]; then
  echo "› rule coverage of the rules suites: test-results/rules-coverage.html"
fi
rm -rf "$cpu_files"
exit $status
