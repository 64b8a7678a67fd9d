import "./console-guard";
import { resetDb, restoreEnv } from "../db-utils";
import { disconnectDb } from "@/lib/db";

// The "db" jest project: every test starts with empty tables and the worker's own environment.
beforeEach(async () => {
  restoreEnv();
  await resetDb();
});
afterAll(async () => {
  await disconnectDb();
});
