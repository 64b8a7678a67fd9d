#!/usr/bin/env bash
# `npm test`: unit + integration tests (jest on a real embedded PostgreSQL), a production build, then the
# end-to-end suite (Playwright in Debian's Chromium against `npm start`). Ends with one "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
status=0

echo "== unit + integration (jest)"
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
