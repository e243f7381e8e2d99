#!/usr/bin/env bash
# Every test of the project: lint, types, unit, emulator, integration and browser suites.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh

echo "› lint"
npx eslint . --max-warnings=0
npx prettier --check . --log-level=warn
echo "› types"
npx tsc -p tsconfig.json
echo "› tests"
npx vitest run
