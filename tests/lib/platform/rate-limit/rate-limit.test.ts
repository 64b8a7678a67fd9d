import { assertNotExhausted, enforceRateLimits, pruneRateLimits, recordFailures } from "@/lib/platform/rate-limit";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { RateLimitError } from "@/lib/platform/http/errors";
import { db } from "@/lib/platform/db";
import { setEnv } from "../../../db-utils";

const limit = { key: "test:ip:1.2.3.4", limit: 3, windowSeconds: 60 };

describe("enforceRateLimits", () => {
  it("allows the limit, then answers 429 with a Retry-After", async () => {
    for (let i = 0; i < 3; i++) await enforceRateLimits([limit]);
    const err = await enforceRateLimits([limit]).catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.status).toBe(429);
    expect(err.retryAfterSeconds).toBeGreaterThan(0);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("keeps separate counters per key", async () => {
    for (let i = 0; i < 3; i++) await enforceRateLimits([limit]);
    await expect(enforceRateLimits([{ ...limit, key: "test:ip:5.6.7.8" }])).resolves.toBeUndefined();
  });

  it("starts a new window once the old one has expired", async () => {
    for (let i = 0; i < 3; i++) await enforceRateLimits([limit]);
    await db.rateLimit.update({ where: { key: limit.key }, data: { resetAt: new Date(Date.now() - 1) } });
    await expect(enforceRateLimits([limit])).resolves.toBeUndefined();
    expect((await db.rateLimit.findUniqueOrThrow({ where: { key: limit.key } })).count).toBe(1);
  });

  it("is multiplied by RATE_LIMIT_SCALE", async () => {
    setEnv({ RATE_LIMIT_SCALE: "2" });
    for (let i = 0; i < 6; i++) await enforceRateLimits([limit]);
    await expect(enforceRateLimits([limit])).rejects.toBeInstanceOf(RateLimitError);
  });

  it("counts concurrent attempts exactly (one atomic statement per hit)", async () => {
    const big = { ...limit, limit: 1000 };
    await Promise.all(Array.from({ length: 25 }, () => enforceRateLimits([big])));
    expect((await db.rateLimit.findUniqueOrThrow({ where: { key: big.key } })).count).toBe(25);
  });
});

describe("failure-only limits (login per account)", () => {
  it("counts only recorded failures and refuses once they reach the limit", async () => {
    for (let i = 0; i < 10; i++) await assertNotExhausted([limit]); // checks alone never use it up
    for (let i = 0; i < 3; i++) {
      await assertNotExhausted([limit]);
      await recordFailures([limit]);
    }
    await expect(assertNotExhausted([limit])).rejects.toBeInstanceOf(RateLimitError);
    await db.rateLimit.update({ where: { key: limit.key }, data: { resetAt: new Date(Date.now() - 1) } });
    await expect(assertNotExhausted([limit])).resolves.toBeUndefined();
  });

  it("a guesser from one address locks out only that address, not the account's owner elsewhere", async () => {
    for (let i = 0; i < 10; i++) await recordFailures(rateLimits.loginFailures("198.51.100.1", "ada@example.com"));
    await expect(assertNotExhausted(rateLimits.loginFailures("198.51.100.1", "ADA@example.com"))).rejects.toBeInstanceOf(RateLimitError);
    await expect(assertNotExhausted(rateLimits.loginFailures("203.0.113.5", "ada@example.com"))).resolves.toBeUndefined();
  });
});

describe("pruneRateLimits", () => {
  it("removes windows that ended over an hour ago and keeps the rest", async () => {
    await db.rateLimit.createMany({
      data: [
        { key: "old", count: 1, resetAt: new Date(Date.now() - 2 * 3600_000) },
        { key: "recent", count: 1, resetAt: new Date(Date.now() - 60_000) },
        { key: "live", count: 1, resetAt: new Date(Date.now() + 60_000) },
      ],
    });
    await pruneRateLimits();
    expect((await db.rateLimit.findMany({ orderBy: { key: "asc" } })).map((r) => r.key)).toEqual(["live", "recent"]);
  });
});
