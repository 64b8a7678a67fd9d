#!/usr/bin/env bash
# `npm test`: jest (the unit and db projects: pure tests, then integration tests on a real embedded PostgreSQL),
# one production build, then the end-to-end suite (Playwright in Debian's Chromium against `npm start`; it calls
# `playwright test` itself rather than `npm run test:e2e`, which would build again). Ends with one
# "N passed, N failed" line counting both.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
status=0

echo "== unit + integration (jest: projects unit and db)"
npx jest --ci --json --outputFile="$out/jest.json" || status=1

echo "== production build"
if ! npx next build >"$out/build.log" 2>&1; then
  cat "$out/build.log"
  echo "0 passed, 1 failed"
  exit 1
fi
tail -n 5 "$out/build.log"

echo "== end-to-end (playwright)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$out/e2e.json" npx playwright test --reporter=list,json || status=1

node scripts/test-summary.mjs "$out/jest.json" "$out/e2e.json" || status=1
rm -rf "$out"
exit $status
