import path from "node:path";
import fs from "node:fs";
import { WORKER_DB_SLOTS, applyTestEnv, testRoot, workerDbName } from "./test-db";

// The "db" jest project: each jest worker gets its own database (copied from the migrated template) and its own DATA_DIR.
const worker = Number(process.env.JEST_WORKER_ID ?? 1);
if (worker > WORKER_DB_SLOTS) throw new Error(`More jest workers than test databases (${WORKER_DB_SLOTS})`);
const base = new URL(process.env.IDEAVAULT_TEST_DB_BASE!);
base.pathname = `/${workerDbName(worker)}`;
const dataDir = path.join(testRoot(), `data-${worker}`);
fs.mkdirSync(dataDir, { recursive: true });

applyTestEnv({ DATABASE_URL: base.toString(), DATA_DIR: dataDir });
