import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { pgConfigFromUrl } from "@/lib/platform/db/config";

// The e-mail verification migration on data made before it: invited accounts count as verified, the others do not
// (unless a reset had already proven them), and reset links already mailed keep working under the new table.
const MIGRATION = "20261123220000_email_verification";
const dir = path.join(process.cwd(), "prisma/migrations");
const dbName = `ideavault_ev_${process.env.JEST_WORKER_ID}_${process.pid}`;
const admin = () => new pg.Client({ ...pgConfigFromUrl(process.env.DATABASE_URL!), database: "postgres" });

let client: pg.Client;

beforeAll(async () => {
  const a = admin();
  await a.connect();
  await a.query(`CREATE DATABASE ${dbName}`);
  await a.end();
  client = new pg.Client({ ...pgConfigFromUrl(process.env.DATABASE_URL!), database: dbName });
  await client.connect();
  const before = fs.readdirSync(dir).filter((n) => /^\d+_/.test(n) && n < MIGRATION).sort();
  for (const name of before) await client.query(fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8"));
}, 60_000);

afterAll(async () => {
  await client?.end();
  const a = admin();
  await a.connect();
  await a.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await a.end();
}, 300_000);

it("marks invited accounts verified, leaves open and bootstrap accounts unverified, keeps reset links", async () => {
  const user = (id: string, email: string, verified: string | null = null) =>
    client.query(`INSERT INTO "User" ("id", "email", "name", "emailVerified", "updatedAt") VALUES ($1, $2, $1, $3, now())`, [id, email, verified]);
  await user("first", "first@example.com"); // the bootstrap account
  await user("open", "open@example.com"); // open registration
  await user("invited", "invited@example.com");
  await user("reset", "reset@example.com", "2026-01-01T00:00:00Z"); // proven earlier by a password reset
  const invite = (id: string, email: string, usedById: string | null) =>
    client.query(
      `INSERT INTO "Invite" ("id", "tokenHash", "email", "usedById", "expiresAt", "usedAt") VALUES ($1, $1, $2, $3, now() + interval '1 day', $4)`,
      [id, email, usedById, usedById ? "2026-02-02T00:00:00Z" : null],
    );
  await invite("i1", "invited@example.com", "invited");
  await invite("i2", "somebody-else@example.com", "open"); // an invitation to another address proves nothing
  await invite("i3", "first@example.com", null); // never used
  await client.query(`INSERT INTO "PasswordResetToken" ("id", "userId", "tokenHash", "expiresAt") VALUES ('t1', 'open', 'hash-1', now() + interval '1 hour')`);

  await client.query(fs.readFileSync(path.join(dir, MIGRATION, "migration.sql"), "utf8"));

  // As text: the column has no time zone, so a Date would depend on the machine's.
  const rows = (await client.query(`SELECT "id", "emailVerified"::text AS "at" FROM "User" ORDER BY "id"`)).rows as { id: string; at: string | null }[];
  expect(Object.fromEntries(rows.map((r) => [r.id, r.at]))).toEqual({
    first: null,
    invited: "2026-02-02 00:00:00",
    open: null,
    reset: "2026-01-01 00:00:00",
  });
  expect((await client.query(`SELECT "userId", "tokenHash", "purpose"::text FROM "AccountToken"`)).rows).toEqual([
    { userId: "open", tokenHash: "hash-1", purpose: "password_reset" },
  ]);
});
