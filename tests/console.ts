// Unexpected console.error / console.warn output fails the test (tests/setup/console-guard.ts). A test that
// provokes one on purpose says which message it expects; any other output still fails it.
type Level = "error" | "warn";
type Expectation = { level: Level; pattern: RegExp; seen: boolean };
const state = globalThis as { __consoleExpectations?: Expectation[]; __allowConsoleError?: boolean };

/**
 * This test must log a console[level] message matching `pattern` (the test fails if it does not); other
 * messages on that level still fail it.
 */
export function expectConsole(level: Level, pattern: RegExp) {
  (state.__consoleExpectations ??= []).push({ level, pattern, seen: false });
}
export const expectConsoleError = (pattern: RegExp) => expectConsole("error", pattern);
export const expectConsoleWarn = (pattern: RegExp) => expectConsole("warn", pattern);

/** Lets one test log any console.error (e.g. a 500 path). Prefer expectConsoleError(pattern). */
export function allowConsoleError() {
  state.__allowConsoleError = true;
}

/** Used by the guard: the messages that were not expected, and the expectations never met; resets for the next test. */
export function takeConsoleViolations(calls: Record<Level, unknown[][]>): string[] {
  const expectations = state.__consoleExpectations ?? [];
  const allowAnyError = state.__allowConsoleError === true;
  state.__consoleExpectations = undefined;
  state.__allowConsoleError = undefined;
  const problems: string[] = [];
  for (const level of ["error", "warn"] as const) {
    for (const args of calls[level]) {
      const text = args.map(String).join(" ");
      const match = expectations.find((e) => e.level === level && e.pattern.test(text));
      if (match) match.seen = true;
      else if (!(level === "error" && allowAnyError)) problems.push(`Unexpected console.${level}: ${text}`);
    }
  }
  for (const e of expectations) if (!e.seen) problems.push(`Expected a console.${e.level} matching ${e.pattern}, none was logged`);
  return problems;
}
