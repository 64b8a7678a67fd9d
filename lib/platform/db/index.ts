import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { pgConfigFromUrl } from "@/lib/platform/db/config";
import { describeQuery } from "@/lib/platform/db/describe-query";
import { getEnv } from "@/lib/platform/env";
import { onShutdown } from "@/lib/platform/process/shutdown";

function createClient() {
  const { DATABASE_URL: url, DB_SLOW_QUERY_MS: slowQueryMs, NODE_ENV } = getEnv();
  // `npm run dev` compiles each page on its first visit, stalling the process: every query then looks slow, so the
  // log is off there unless asked for.
  const slowMs = slowQueryMs ?? (NODE_ENV === "development" ? 0 : 200);
  if (!url) {
    throw new Error(
      "DATABASE_URL is not set. Start the app with `npm run dev` or `npm start` (they run an embedded PostgreSQL), or set DATABASE_URL.",
    );
  }
  const adapter = new PrismaPg({ ...pgConfigFromUrl(url), max: 10 });
  const client = new PrismaClient({
    adapter,
    // Password hashes never leave lib/domain/auth unless a query asks for them by name.
    omit: { user: { passwordHash: true } },
    log: [{ emit: "event", level: "query" }],
    // Prisma's default (5 s to finish, 2 s to start) turns a transaction that is merely slow on a starved machine
    // (an acceptance, its log entry and its proof, under heavy load) into a failed request. It still ends there: a
    // transaction never holds its row locks longer than this.
    transactionOptions: { maxWait: 10_000, timeout: 20_000 },
  });
  client.$on("query", (e) => {
    if (slowMs > 0 && e.duration > slowMs) console.warn(`[db] slow query (${Math.round(e.duration)} ms): ${describeQuery(e.query)}`);
  });
  return client;
}

export type Db = ReturnType<typeof createClient>;

const globalForDb = globalThis as unknown as { __ideavaultDb?: Db; __ideavaultHotPool?: pg.Pool; __ideavaultTelemetryPool?: pg.Pool };

function client(): Db {
  // Cached on globalThis so dev hot reloads and test modules share one pool.
  if (!globalForDb.__ideavaultDb) onShutdown("database pools", 1, disconnectDb);
  globalForDb.__ideavaultDb ??= createClient();
  return globalForDb.__ideavaultDb;
}

/** The one Prisma client, created on first use (Next's build imports this module without a database). */
export const db: Db = new Proxy({} as Db, {
  get(_target, prop) {
    const c = client();
    const value = Reflect.get(c, prop, c);
    return typeof value === "function" ? value.bind(c) : value;
  },
});

/**
 * A small plain `pg` pool for the few statements on a throughput budget (the share-link lookup): Prisma's client
 * costs about 1 ms of CPU per query, more than the whole statement. Everything else goes through `db`.
 */
export const HOT_PATH_POOL_SIZE = 5;

export function hotPathPool(): pg.Pool {
  if (!globalForDb.__ideavaultHotPool) {
    const pool = new pg.Pool({ ...pgConfigFromUrl(getEnv().DATABASE_URL ?? ""), max: HOT_PATH_POOL_SIZE });
    // An idle connection the server closes (restart, failover, our own shutdown) is dropped and replaced by the
    // pool; without a listener its error event would be an uncaught exception that ends the process.
    pool.on("error", (err) => console.error("[db] idle connection closed by the server:", err.message));
    globalForDb.__ideavaultHotPool = pool;
    onShutdown("database pools", 1, disconnectDb);
  }
  return globalForDb.__ideavaultHotPool;
}

/**
 * The hot-path pool's twin for writes that may lose their last fraction of a second in a database crash: reading-time
 * reports (lib/features/engagement/report.ts). Its sessions commit without waiting for the WAL flush (synchronous_commit off: never an
 * inconsistency, at worst the newest few hundred milliseconds of reports gone after a crash), so a report costs no
 * disk wait on its throughput budget. Evidence (views, agreements) never goes through it.
 */
export function telemetryPool(): pg.Pool {
  if (!globalForDb.__ideavaultTelemetryPool) {
    const pool = new pg.Pool({ ...pgConfigFromUrl(getEnv().DATABASE_URL ?? ""), max: 5, options: "-c synchronous_commit=off" });
    pool.on("error", (err) => console.error("[db] idle connection closed by the server:", err.message));
    globalForDb.__ideavaultTelemetryPool = pool;
    onShutdown("database pools", 1, disconnectDb);
  }
  return globalForDb.__ideavaultTelemetryPool;
}

export async function disconnectDb() {
  await globalForDb.__ideavaultDb?.$disconnect();
  globalForDb.__ideavaultDb = undefined;
  await globalForDb.__ideavaultHotPool?.end();
  globalForDb.__ideavaultHotPool = undefined;
  await globalForDb.__ideavaultTelemetryPool?.end();
  globalForDb.__ideavaultTelemetryPool = undefined;
}
