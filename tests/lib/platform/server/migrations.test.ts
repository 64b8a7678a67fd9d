import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { applyPendingMigrations, pendingMigrations } from "@/lib/platform/server/migrations";
import { pgConfigFromUrl } from "@/lib/platform/db/config";

// A fresh database per test, never dropped and re-created under the same name: DROP DATABASE forces a checkpoint,
// which on a loaded machine took past the hook timeout. They are dropped once, after the file.
let dbName = "";
const created: string[] = [];
let sequence = 0;
const admin = () => new pg.Client({ ...pgConfigFromUrl(process.env.DATABASE_URL!), database: "postgres" });
function urlFor(name: string) {
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = `/${name}`;
  return u.toString();
}

beforeEach(async () => {
  dbName = `ideavault_migrate_${process.env.JEST_WORKER_ID}_${process.pid}_${++sequence}`;
  const c = admin();
  await c.connect();
  try {
    await c.query(`CREATE DATABASE ${dbName}`);
    created.push(dbName);
  } finally {
    await c.end();
  }
});

afterAll(async () => {
  const c = admin();
  await c.connect();
  try {
    for (const name of created) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}, 300_000);

describe("applyPendingMigrations", () => {
  it("applies every migration to an empty database once, recording Prisma's checksums", async () => {
    const url = urlFor(dbName);
    const names = fs.readdirSync(path.join(process.cwd(), "prisma/migrations")).filter((n) => /^\d+_/.test(n)).sort();
    expect(await pendingMigrations(url)).toEqual(names);
    const lines: string[] = [];
    expect(await applyPendingMigrations(url, (l) => lines.push(l))).toBe(names.length);
    // A new database's set-up is two lines, not one per migration.
    expect(lines).toEqual(["Setting up a new database…", `  ${names.length} migrations applied`]);
    expect(await pendingMigrations(url)).toEqual([]);
    expect(await applyPendingMigrations(url, () => {})).toBe(0);

    const c = new pg.Client(pgConfigFromUrl(url));
    await c.connect();
    const rows = (await c.query("SELECT migration_name, checksum FROM _prisma_migrations ORDER BY migration_name")).rows;
    const tables = (await c.query(`SELECT tablename::text FROM pg_tables WHERE schemaname='public'`)).rows.map((r) => r.tablename);
    await c.end();
    for (const [i, name] of names.entries()) {
      const sql = fs.readFileSync(path.join(process.cwd(), "prisma/migrations", name, "migration.sql"));
      expect(rows[i]).toEqual({ migration_name: name, checksum: crypto.createHash("sha256").update(sql).digest("hex") });
    }
    expect(tables).toEqual(expect.arrayContaining(["User", "Idea", "Share", "Recipient", "TimestampProof", "RevokedSession"]));
  });

  it("stops after the migration named by `through` (a database as an earlier release left it), then continues from there", async () => {
    const url = urlFor(dbName);
    const names = fs.readdirSync(path.join(process.cwd(), "prisma/migrations")).filter((n) => /^\d+_/.test(n)).sort();
    await expect(applyPendingMigrations(url, () => {}, { through: "20990101000000_nothing" })).rejects.toThrow(/No migration named/);
    expect(await applyPendingMigrations(url, () => {}, { through: names[1] })).toBe(2);
    expect(await pendingMigrations(url)).toEqual(names.slice(2));
    const lines: string[] = [];
    expect(await applyPendingMigrations(url, (l) => lines.push(l))).toBe(names.length - 2);
    // An upgrade names each migration it applies.
    expect(lines).toEqual(["Applying database migrations…", ...names.slice(2).map((n) => `  applied ${n}`)]);
    expect(await pendingMigrations(url)).toEqual([]);
  });

  it("refuses to continue past a migration that failed earlier", async () => {
    const url = urlFor(dbName);
    await applyPendingMigrations(url, () => {});
    const c = new pg.Client(pgConfigFromUrl(url));
    await c.connect();
    await c.query(`UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = (SELECT max(migration_name) FROM _prisma_migrations)`);
    await c.end();
    await expect(applyPendingMigrations(url, () => {})).rejects.toThrow(/failed earlier/);
  });
});
