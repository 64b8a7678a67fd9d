import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { startEmbeddedDb } from "../../lib/platform/server/embedded-db";
import { applyPendingMigrations } from "../../lib/platform/server/migrations";
import { pgConfigFromUrl } from "../../lib/platform/db/config";
import os from "node:os";
import { TEMPLATE_DB, WORKER_DB_SLOTS, workerDbName } from "./test-db";
import { createTsaPki, FakeTsa } from "../fakes/tsa";

/**
 * One real PostgreSQL for the run (the embedded one, or TEST_DATABASE_URL's server): a migrated template
 * database, and one copy of it per jest worker.
 */
export default async function globalSetup() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "ideavault-jest-"));
  process.env.IDEAVAULT_TEST_ROOT = root;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const db = await startEmbeddedDb({ dir: path.join(root, "postgres"), password: "test", database: TEMPLATE_DB });
    (globalThis as { __testDb?: typeof db }).__testDb = db;
    adminUrl = db.url;
  }
  await makeThrowawayClusterFast(adminUrl);
  const url = new URL(adminUrl);
  url.pathname = `/${TEMPLATE_DB}`;
  const templateUrl = url.toString();
  const admin = new pg.Client({ ...pgConfigFromUrl(adminUrl), database: "postgres" });
  await admin.connect();
  try {
    if (process.env.TEST_DATABASE_URL) {
      await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    }
    await applyPendingMigrations(templateUrl, () => {});
    for (let i = 1; i <= WORKER_DB_SLOTS; i++) {
      await admin.query(`DROP DATABASE IF EXISTS ${workerDbName(i)} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${workerDbName(i)} TEMPLATE ${TEMPLATE_DB}`);
    }
  } finally {
    await admin.end();
  }
  process.env.IDEAVAULT_TEST_DB_BASE = templateUrl;
  await startDefaultTsa(root);
}

/**
 * The time-stamping authority every db test's TSA_URLS names by default: a fake on loopback answering real tokens,
 * so publishing in a test never reaches a public TSA. Its PKI is shared with the tests that start their own fake
 * (tests/lib/domain/timestamps/tsa-helpers.ts) to try failures.
 */
async function startDefaultTsa(root: string) {
  const pki = createTsaPki(path.join(root, "tsa-pki"));
  const tsa = await FakeTsa.start(pki);
  (globalThis as { __testTsa?: FakeTsa }).__testTsa = tsa;
  process.env.IDEAVAULT_TEST_TSA_PKI = pki.dir;
  process.env.TSA_URLS = tsa.url;
}

/**
 * The test cluster is thrown away after the run, so durability buys nothing there: without fsync and full-page
 * writes, the checkpoints that CREATE/DROP DATABASE force take milliseconds instead of seconds on a busy disk.
 * Only for the embedded cluster this run started, never for a TEST_DATABASE_URL someone else owns.
 */
async function makeThrowawayClusterFast(adminUrl: string) {
  if (process.env.TEST_DATABASE_URL) return;
  const c = new pg.Client({ ...pgConfigFromUrl(adminUrl), database: "postgres" });
  await c.connect();
  try {
    for (const setting of ["fsync = off", "full_page_writes = off", "synchronous_commit = off"]) {
      await c.query(`ALTER SYSTEM SET ${setting}`);
    }
    await c.query("SELECT pg_reload_conf()");
  } finally {
    await c.end();
  }
}
