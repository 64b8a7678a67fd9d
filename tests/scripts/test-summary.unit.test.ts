import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** scripts/test-summary.mjs: `npm test`'s closing line. A test that passes only on a retry counts as failed. */
const SCRIPT = path.resolve(__dirname, "../../scripts/test-summary.mjs");

function summary(jest: unknown, e2e: unknown): { lines: string[]; status: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-summary-"));
  try {
    const write = (name: string, report: unknown) => {
      const file = path.join(dir, name);
      if (report !== undefined) fs.writeFileSync(file, JSON.stringify(report));
      return file;
    };
    const args = [SCRIPT, write("jest.json", jest), write("e2e.json", e2e)];
    try {
      return { lines: execFileSync(process.execPath, args, { encoding: "utf8" }).trim().split("\n"), status: 0 };
    } catch (error) {
      const e = error as { stdout: string; status: number };
      return { lines: e.stdout.trim().split("\n"), status: e.status };
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const test = (status: string, invocations = 1, retryReasons: string[] = []) => ({ status, invocations, retryReasons });
const jestReport = (tests: ReturnType<typeof test>[], extra: Record<string, number> = {}) => ({
  numPassedTests: tests.filter((t) => t.status === "passed").length,
  numFailedTests: tests.filter((t) => t.status === "failed").length,
  numPendingTests: tests.filter((t) => t.status === "pending").length,
  numTodoTests: 0,
  numRuntimeErrorTestSuites: 0,
  testResults: [{ assertionResults: tests }],
  ...extra,
});
const e2eReport = (stats: Partial<Record<"expected" | "unexpected" | "flaky" | "skipped", number>>, errors: unknown[] = []) => ({
  stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0, ...stats },
  errors,
});

describe("scripts/test-summary.mjs", () => {
  it("adds both reports up and exits 0 when nothing failed", () => {
    const { lines, status } = summary(jestReport([test("passed"), test("passed"), test("pending")]), e2eReport({ expected: 3, skipped: 1 }));
    expect(lines).toEqual(["jest: 2 passed, 0 failed; playwright: 3 passed, 0 failed", "5 passed, 0 failed, 2 skipped"]);
    expect(status).toBe(0);
  });

  it("counts a Playwright test that passed only on a retry as failed", () => {
    const { lines, status } = summary(jestReport([test("passed")]), e2eReport({ expected: 2, flaky: 1 }));
    expect(lines.at(-1)).toBe("3 passed, 1 failed, 0 skipped");
    expect(status).toBe(1);
  });

  it("counts a jest test that passed only on a retry (jest.retryTimes) as failed, not passed", () => {
    const { lines, status } = summary(jestReport([test("passed"), test("passed", 2, ["Error: boom"])]), e2eReport({ expected: 1 }));
    expect(lines).toEqual(["jest: 1 passed, 1 failed; playwright: 1 passed, 0 failed", "2 passed, 1 failed, 0 skipped"]);
    expect(status).toBe(1);
  });

  it("counts a suite that failed to run, a run error outside any test, and a missing report", () => {
    expect(summary(jestReport([test("passed")], { numRuntimeErrorTestSuites: 1 }), e2eReport({ expected: 1 })).lines.at(-1)).toBe("2 passed, 1 failed, 0 skipped");
    expect(summary(jestReport([test("passed")]), e2eReport({}, [{ message: "webServer exited early" }])).lines.at(-1)).toBe("1 passed, 1 failed, 0 skipped");
    const missing = summary(jestReport([test("passed")]), undefined);
    expect(missing.lines).toEqual(["jest: 1 passed, 0 failed; playwright: no report", "1 passed, 1 failed, 0 skipped"]);
    expect(missing.status).toBe(1);
  });
});
