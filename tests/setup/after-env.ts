import "./console-guard";
import { resetDb, restoreEnv } from "../db-utils";
import { disconnectDb } from "@/lib/platform/db";
import { stopRenderPool } from "@/lib/domain/reader/pool";
import { stopBoss } from "@/lib/platform/jobs";

// The "db" jest project: every test starts with empty tables and the worker's own environment.
beforeEach(async () => {
  restoreEnv();
  await resetDb();
});
afterAll(async () => {
  // This file's render processes (each test file loads lib/ afresh) end with it.
  stopRenderPool();
  // The job queue's pool (a test that ran jobs opened it) closes before the database's.
  await stopBoss();
  await disconnectDb();
});
