import { resetDb, restoreEnv } from "../db-utils";
import { disconnectDb } from "@/lib/db";

// A test that logs an unexpected console.error fails: errors must be expected and asserted.
let errorSpy: jest.SpyInstance;
beforeEach(async () => {
  restoreEnv();
  await resetDb();
  errorSpy = jest.spyOn(console, "error");
});
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  if (calls.length && !(globalThis as { __allowConsoleError?: boolean }).__allowConsoleError) {
    throw new Error(`Unexpected console.error: ${calls.map((c) => c.map(String).join(" ")).join("\n")}`);
  }
  (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = false;
});
afterAll(async () => {
  await disconnectDb();
});
