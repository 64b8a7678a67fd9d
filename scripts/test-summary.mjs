// Adds up jest's and Playwright's JSON reports into one closing line: "N passed, N failed, N skipped".
import fs from "node:fs";

const [jestFile, e2eFile] = process.argv.slice(2);
const read = (f) => {
  try {
    return JSON.parse(fs.readFileSync(f, "utf8"));
  } catch {
    return null;
  }
};
const jest = read(jestFile);
const e2e = read(e2eFile);
let passed = 0;
let failed = 0;
let skipped = 0;
if (jest) {
  passed += jest.numPassedTests;
  failed += jest.numFailedTests + (jest.numRuntimeErrorTestSuites ?? 0);
  skipped += jest.numPendingTests + (jest.numTodoTests ?? 0);
} else failed += 1;
if (e2e) {
  passed += e2e.stats.expected;
  // A flaky test (passed only on a retry) counts as failed.
  failed += e2e.stats.unexpected + e2e.stats.flaky;
  skipped += e2e.stats.skipped;
} else failed += 1;
console.log(`jest: ${jest ? `${jest.numPassedTests} passed, ${jest.numFailedTests} failed` : "no report"}; playwright: ${e2e ? `${e2e.stats.expected} passed, ${e2e.stats.unexpected + e2e.stats.flaky} failed` : "no report"}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
