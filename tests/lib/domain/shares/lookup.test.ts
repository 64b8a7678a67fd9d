import { db } from "@/lib/platform/db";
import { revokeShare } from "@/lib/domain/shares";
import { lookupShareToken } from "@/lib/domain/gate/lookup";
import { createPublished, createShare, createUser } from "../../../factories";

jest.setTimeout(60_000);

describe("lookupShareToken under a burst (batched statements)", () => {
  it("answers each of many simultaneous lookups with its own link, its own rate-limit row, and nothing for a dead or unknown token", async () => {
    const owner = await createUser({ name: "Batch Owner" });
    const ideas = await Promise.all(["Alpha", "Beta", "Gamma"].map((title) => createPublished(owner.id, { title })));
    const shares = await Promise.all(ideas.map((idea) => createShare(owner.id, idea.id)));
    const revoked = await createShare(owner.id, ideas[0].id);
    await revokeShare(owner.id, revoked.id);
    const resetAt = new Date(Date.now() + 60_000);
    await db.rateLimit.create({ data: { key: "test-batch:203.0.113.9", count: 7, resetAt } });

    // Many more lookups than the pool has connections, so most of them wait and are answered in batches.
    const asks = Array.from({ length: 60 }, (_, i) => {
      const kind = i % 5;
      const token = kind < 3 ? shares[kind].accessLink : kind === 3 ? revoked.accessLink : `unknown-${i}-token-that-is-long-enough`;
      const limitKey = i % 2 === 0 ? "test-batch:203.0.113.9" : `test-batch:198.51.100.${i}`;
      return { kind, token, limitKey };
    });
    const answers = await Promise.all(asks.map(({ token, limitKey }) => lookupShareToken(token, limitKey)));

    answers.forEach((answer, i) => {
      const { kind, limitKey } = asks[i];
      if (kind < 3) {
        expect(answer.share?.id).toBe(shares[kind].id);
        expect(answer.share?.idea.title).toBe(["Alpha", "Beta", "Gamma"][kind]);
        expect(answer.share?.idea.owner.name).toBe("Batch Owner");
      } else if (kind === 3) {
        expect(answer.share?.id).toBe(revoked.id);
        expect(answer.share?.revokedAt).toBeInstanceOf(Date);
      } else {
        expect(answer.share).toBeNull();
      }
      expect(answer.limitRow).toEqual(limitKey === "test-batch:203.0.113.9" ? { count: 7, resetAt } : null);
    });
  });

  it("sees a revocation committed before the lookup was asked, even in the middle of a burst", async () => {
    const owner = await createUser();
    const idea = await createPublished(owner.id);
    const share = await createShare(owner.id, idea.id);
    const before = Array.from({ length: 30 }, () => lookupShareToken(share.accessLink, null));
    await revokeShare(owner.id, share.id);
    const after = await Promise.all(Array.from({ length: 30 }, () => lookupShareToken(share.accessLink, null)));
    await Promise.all(before);
    for (const answer of after) expect(answer.share?.revokedAt).toBeInstanceOf(Date);
  });
});
