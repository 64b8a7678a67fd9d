import { db } from "@/lib/platform/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { gateShareInclude, isReading, readingSql, READER_RULE } from "@/lib/domain/gate";
import { createPdfDraft, createRecipient, createShare, createUser } from "../../../factories";

/**
 * The gate's two forms (TypeScript check, SQL) come from one list of clauses; over rows that break each clause in
 * turn (and some that break several), both must pick the same recipients.
 */
describe("the recipient gate's one rule", () => {
  it("reads the same as a TS check and SQL", async () => {
    const owner = await createUser();
    const idea = await createPdfDraft(owner.id);
    // An owner who blocks competitor.com account-wide (/profile → 'Sharing defaults'), set once its recipients exist.
    const blocking = await createUser();
    const blockingIdea = await createPdfDraft(blocking.id);
    const hour = 3600_000;
    const future = new Date(Date.now() + hour);
    const past = new Date(Date.now() - hour);
    const variants: { label: string; share?: Prisma.ShareUpdateInput; recipient?: Prisma.RecipientUpdateInput; email?: boolean; address?: string; blockingOwner?: boolean }[] = [
      { label: "passcode given", share: { passcodeHash: "$2b$10$x" }, recipient: { passcodeGivenAt: new Date() } },
      { label: "passcode not given", share: { passcodeHash: "$2b$10$x" } },
      { label: "allow list, verified", share: { allowedDomains: ["example.com"] }, recipient: { emailVerifiedAt: new Date() } },
      { label: "allow list, unverified", share: { allowedEmails: ["x@example.com"] } },
      { label: "reads" },
      { label: "not agreed", recipient: { agreedToNda: false } },
      { label: "e-mail link, verified", email: true, recipient: { emailVerifiedAt: new Date() } },
      { label: "e-mail link, unverified", email: true },
      { label: "declined", recipient: { declinedAt: new Date() } },
      { label: "no window", recipient: { viewWindowEndsAt: null } },
      { label: "window over", recipient: { viewWindowEndsAt: past } },
      { label: "revoked", share: { revokedAt: new Date() } },
      { label: "expired", share: { expiresAt: past } },
      { label: "expires later", share: { expiresAt: future } },
      { label: "used up, window open", share: { maxViews: 1, viewCount: 1 } },
      { label: "revoked and declined", share: { revokedAt: new Date() }, recipient: { declinedAt: new Date() } },
      { label: "link blocks its domain", share: { blockedDomains: ["example.com"] } },
      { label: "link blocks a parent domain", address: "ann@eu.rival.io", share: { blockedDomains: ["rival.io"] } },
      { label: "link blocks another domain", address: "ann@notrival.io", share: { blockedDomains: ["rival.io"] } },
      { label: "allow list names another address", share: { allowedEmails: ["angel@example.com"] }, recipient: { emailVerifiedAt: new Date() } },
      { label: "allow list names the address", address: "angel@example.com", share: { allowedEmails: ["angel@example.com"] }, recipient: { emailVerifiedAt: new Date() } },
      { label: "allow list, parent domain", address: "ann@eu.sequoia.com", share: { allowedDomains: ["sequoia.com"] }, recipient: { emailVerifiedAt: new Date() } },
      { label: "owner blocks its domain", address: "sam@competitor.com", blockingOwner: true },
      { label: "owner blocks a parent domain", address: "sam@eu.competitor.com", blockingOwner: true },
      { label: "owner blocks another domain", address: "sam@competitor.com.example.org", blockingOwner: true },
    ];
    const ids: Record<string, string> = {};
    for (const v of variants) {
      const share = v.blockingOwner ? await createShare(blocking.id, blockingIdea.id) : await createShare(owner.id, idea.id, v.email ? { shareType: "email" } : {});
      const r = await createRecipient(share, v.address ? { email: v.address } : {});
      await db.recipient.update({ where: { id: r.id }, data: { agreedToNda: true, viewStartedAt: new Date(), viewWindowEndsAt: future, ...v.recipient } });
      if (v.share) await db.share.update({ where: { id: share.id }, data: v.share });
      ids[r.id] = v.label;
    }
    await db.user.update({ where: { id: blocking.id }, data: { sharingBlockedDomains: ["competitor.com"] } });
    const rows = await db.recipient.findMany({ include: { share: { include: gateShareInclude } } });
    const byTs = rows.filter((r) => isReading(r.share, r)).map((r) => ids[r.id]).sort();
    const bySql = (await db.$queryRaw<{ id: string }[]>`SELECT r."id" FROM "Recipient" r JOIN "Share" s ON s."id" = r."shareId" WHERE ${readingSql()}`).map((r) => ids[r.id]).sort();
    expect(byTs).toEqual([
      "allow list names the address",
      "allow list, parent domain",
      "allow list, verified",
      "e-mail link, verified",
      "expires later",
      "link blocks another domain",
      "owner blocks another domain",
      "passcode given",
      "reads",
      "used up, window open",
    ]);
    expect(bySql).toEqual(byTs);
    expect(READER_RULE).toHaveLength(8);
  });
});
