import { allowConsoleError, expectConsoleError, expectConsoleWarn, takeConsoleViolations } from "./console";

// The guard itself (tests/setup/console-guard.ts) runs takeConsoleViolations after every test; these call it
// directly with made-up console calls, then leave nothing pending for the real guard.
describe("the console guard", () => {
  it("reports any console.error or console.warn nobody expected", () => {
    expect(takeConsoleViolations({ error: [["boom", 1]], warn: [["careful"]] })).toEqual([
      "Unexpected console.error: boom 1",
      "Unexpected console.warn: careful",
    ]);
    expect(takeConsoleViolations({ error: [], warn: [] })).toEqual([]);
  });

  it("lets a test expect one message by pattern, and only that one", () => {
    expectConsoleWarn(/slow query/);
    expect(takeConsoleViolations({ error: [], warn: [["[db] slow query (300 ms)"], ["something else"]] })).toEqual([
      "Unexpected console.warn: something else",
    ]);
    expectConsoleError(/failed/);
    expect(takeConsoleViolations({ error: [], warn: [["the job failed"]] })).toEqual([
      "Unexpected console.warn: the job failed",
      "Expected a console.error matching /failed/, none was logged",
    ]);
  });

  it("fails a test whose expected message never came, and forgets expectations after each test", () => {
    expectConsoleWarn(/never/);
    expect(takeConsoleViolations({ error: [], warn: [] })).toEqual(["Expected a console.warn matching /never/, none was logged"]);
    expect(takeConsoleViolations({ error: [], warn: [["never"]] })).toEqual(["Unexpected console.warn: never"]);
  });

  it("allowConsoleError() tolerates errors for one test but not warnings", () => {
    allowConsoleError();
    expect(takeConsoleViolations({ error: [["a 500 path"]], warn: [["w"]] })).toEqual(["Unexpected console.warn: w"]);
    expect(takeConsoleViolations({ error: [["again"]], warn: [] })).toEqual(["Unexpected console.error: again"]);
  });

  it("lets the real test log the warning it expects", () => {
    console.warn("this warning is expected by the test below");
    expectConsoleWarn(/expected by the test below/);
  });
});
