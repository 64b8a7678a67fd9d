import { takeConsoleViolations } from "../console";

// Both jest projects: a test that logs an unexpected console.error or console.warn fails (see tests/console.ts).
let errorSpy: jest.SpyInstance;
let warnSpy: jest.SpyInstance;
beforeEach(() => {
  errorSpy = jest.spyOn(console, "error");
  warnSpy = jest.spyOn(console, "warn");
});
afterEach(() => {
  const calls = { error: errorSpy.mock.calls, warn: warnSpy.mock.calls };
  errorSpy.mockRestore();
  warnSpy.mockRestore();
  const problems = takeConsoleViolations(calls);
  if (problems.length) throw new Error(problems.join("\n"));
});
