import "server-only";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { RateLimitError } from "@/lib/platform/http/errors";

/** `message`: the 429's text when this limit refuses (the recipient screens show some); else the generic one. */
export type Limit = { key: string; limit: number; windowSeconds: number; message?: string };

/** The limits, refusing with `message`. */
export function saying(message: string, limits: Limit[]): Limit[] {
  return limits.map((l) => ({ ...l, message }));
}

/**
 * Fixed-window counter kept in PostgreSQL so limits hold across instances. One atomic upsert per key:
 * the window restarts when it has expired. `key` and `windowSeconds` are SQL expressions (placeholders, or columns
 * of `from`), so a hot path can run the same upsert inside a statement of its own (lib/features/engagement/report.ts) rather than as a
 * round trip. With `from` (a relation of that statement) it counts once per row of it: none when it is empty.
 */
export function rateLimitHitSql(key: string, windowSeconds: string, from?: string) {
  const row = `${key}, 1, now() + make_interval(secs => ${windowSeconds})`;
  return `
    INSERT INTO "RateLimit" ("key", "count", "resetAt")
    ${from ? `SELECT ${row} FROM ${from}` : `VALUES (${row})`}
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "count", "resetAt"`;
}

async function hit({ key, windowSeconds }: Limit): Promise<{ count: number; resetAt: Date }> {
  const rows = await db.$queryRawUnsafe<{ count: number; resetAt: Date }[]>(rateLimitHitSql("$1", "$2::int"), key, windowSeconds);
  return rows[0];
}

/** How many attempts a limit allows, RATE_LIMIT_SCALE applied. */
export function allowed(l: Limit) {
  return Math.ceil(l.limit * getEnv().RATE_LIMIT_SCALE);
}

export function retryAfter(resetAt: Date) {
  return Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
}

/** Counts one attempt against every limit and throws 429 when any is exceeded. */
export async function enforceRateLimits(limits: Limit[]) {
  // Expired windows are dead rows; about one request in a hundred clears them.
  if (Math.random() < 0.01) await pruneRateLimits();
  for (const l of limits) {
    const { count, resetAt } = await hit(l);
    if (count > allowed(l)) throw new RateLimitError(retryAfter(resetAt), l.message);
  }
}

/**
 * A budget spent one unit at a time by a request that goes on whatever it says (public verification's look-ups): each
 * call counts one against the limits and answers false once they are used up, instead of a 429.
 */
export function spendable(limits: Limit[]): () => Promise<boolean> {
  return async () => {
    try {
      await enforceRateLimits(limits);
      return true;
    } catch (err) {
      if (err instanceof RateLimitError) return false;
      throw err;
    }
  };
}

/** Throws 429 when any limit is already used up, without counting this attempt (see recordFailures). */
export async function assertNotExhausted(limits: Limit[]) {
  const rows = await db.rateLimit.findMany({ where: { key: { in: limits.map((l) => l.key) } } });
  for (const row of rows) assertWindowOpen(limits.find((l) => l.key === row.key)!, row);
}

/** The same check for a counter row the caller read itself (e.g. joined into a hot query); null = no row. */
export function assertWindowOpen(limit: Limit, row: { count: number; resetAt: Date } | null) {
  if (row && row.resetAt > new Date() && row.count >= allowed(limit)) throw new RateLimitError(retryAfter(row.resetAt));
}

/** Counts a failed attempt against each limit; successes never use these limits up. */
export async function recordFailures(limits: Limit[]) {
  for (const l of limits) await hit(l);
}

/** Old windows are dead weight; removed opportunistically. */
export async function pruneRateLimits() {
  await db.rateLimit.deleteMany({ where: { resetAt: { lt: new Date(Date.now() - 3600_000) } } });
}

/**
 * Gives back the attempt enforceRateLimits counted, for limits that count failures but must refuse concurrent
 * attempts beyond the budget (each attempt is counted before it is judged; a success is then refunded).
 */
export async function refundAttempts(limits: Limit[]) {
  await db.rateLimit.updateMany({ where: { key: { in: limits.map((l) => l.key) }, count: { gt: 0 } }, data: { count: { decrement: 1 } } });
}
