import "./console-guard";
import { resetDb, restoreEnv } from "../db-utils";
import { disconnectDb } from "@/lib/db";
import { stopRenderPool } from "@/lib/reader/pool";

// The "db" jest project: every test starts with empty tables and the worker's own environment.
beforeEach(async () => {
  restoreEnv();
  await resetDb();
});
afterAll(async () => {
  // This file's render processes (each test file loads lib/ afresh) end with it.
  stopRenderPool();
  await disconnectDb();
});
