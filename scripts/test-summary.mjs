// Adds up jest's and Playwright's JSON reports into one closing line: "N passed, N failed, N skipped".
// A test that passed only on a retry counts as failed: the suite has no retries, and if one is ever
// turned on it must not hide a flake. So does a run error outside any test (a global setup or web server that failed).
import fs from "node:fs";

const [jestFile, e2eFile] = process.argv.slice(2);
const read = (f) => {
  try {
    return JSON.parse(fs.readFileSync(f, "utf8"));
  } catch {
    return null;
  }
};

/** jest: passed tests that needed more than one invocation (jest.retryTimes) are flaky. */
function jestCounts(report) {
  const flaky = (report.testResults ?? [])
    .flatMap((file) => file.assertionResults ?? [])
    .filter((t) => t.status === "passed" && ((t.invocations ?? 1) > 1 || (t.retryReasons ?? []).length > 0)).length;
  return {
    passed: report.numPassedTests - flaky,
    failed: report.numFailedTests + flaky + (report.numRuntimeErrorTestSuites ?? 0),
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
  };
}

/** Playwright: "expected" passed first time; "flaky" passed on a retry; top-level errors belong to no test. */
function e2eCounts(report) {
  return {
    passed: report.stats.expected,
    failed: report.stats.unexpected + report.stats.flaky + (report.errors ?? []).length,
    skipped: report.stats.skipped,
  };
}

const jest = read(jestFile);
const e2e = read(e2eFile);
const parts = [jest ? jestCounts(jest) : null, e2e ? e2eCounts(e2e) : null];
// A missing report is a failed phase.
const total = parts.reduce(
  (sum, p) => (p ? { passed: sum.passed + p.passed, failed: sum.failed + p.failed, skipped: sum.skipped + p.skipped } : { ...sum, failed: sum.failed + 1 }),
  { passed: 0, failed: 0, skipped: 0 },
);
const line = (p) => (p ? `${p.passed} passed, ${p.failed} failed` : "no report");
console.log(`jest: ${line(parts[0])}; playwright: ${line(parts[1])}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
