import path from "node:path";
import fs from "node:fs";
import { TEST_ENCRYPTION_KEY, TEST_NEXTAUTH_SECRET, WORKER_DB_SLOTS, testRoot, workerDbName } from "./test-db";

// Each jest worker gets its own database (copied from the migrated template) and its own DATA_DIR.
const worker = Number(process.env.JEST_WORKER_ID ?? 1);
if (worker > WORKER_DB_SLOTS) throw new Error(`More jest workers than test databases (${WORKER_DB_SLOTS})`);
const base = new URL(process.env.IDEAVAULT_TEST_DB_BASE!);
base.pathname = `/${workerDbName(worker)}`;
const dataDir = path.join(testRoot(), `data-${worker}`);
fs.mkdirSync(dataDir, { recursive: true });

Object.assign(process.env, {
  NODE_ENV: "test",
  DATABASE_URL: base.toString(),
  DATA_DIR: dataDir,
  NEXTAUTH_SECRET: TEST_NEXTAUTH_SECRET,
  ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
  ENCRYPTION_KEY_ID: "test1",
  REGISTRATION_MODE: "open",
  RATE_LIMIT_SCALE: "1",
});
for (const k of ["RESEND_API_KEY", "BLOB_READ_WRITE_TOKEN", "NEXTAUTH_URL", "TRUST_PROXY", "ENCRYPTION_OLD_KEYS"]) delete process.env[k];
