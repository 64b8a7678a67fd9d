import { db } from "@/lib/platform/db";
import { NotFoundError } from "@/lib/platform/http/errors";
import { listShareRecipients } from "@/lib/domain/shares/recipient-evidence";
import { recordQueries } from "../../../query-count";
import { agreedRecipient, createDraft, createRecipient, createShare, createUser } from "../../../factories";

const NO_READING = { totalMs: 0, pages: [], pageCount: null };
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

async function setup() {
  const owner = await createUser();
  const idea = await createDraft(owner.id);
  const share = await createShare(owner.id, idea.id);
  return { owner, idea, share };
}

/** Views of `recipientId` at the given minutes after a fixed start. */
async function seedViews(share: { id: string; ideaId: number }, recipientId: string, minutes: number[], userAgent: string | null = CHROME) {
  const start = Date.UTC(2026, 0, 1);
  await db.viewEvent.createMany({
    data: minutes.map((m) => ({ shareId: share.id, ideaId: share.ideaId, recipientId, ip: `198.51.100.${m % 250}`, userAgent, viewedAt: new Date(start + m * 60_000) })),
  });
}

describe("listShareRecipients", () => {
  it("answers exactly the documented shape, recipients and views newest first", async () => {
    const { owner, share } = await setup();
    const first = await agreedRecipient(share, { name: "Grace Hopper", email: "grace@example.com", phone: "+1 555 0100" });
    const second = await createRecipient(share, { name: "Alan Turing", email: "alan@example.com", phone: null });
    await seedViews(share, first.id, [5, 30, 10]);
    await seedViews(share, second.id, [1], IPHONE);
    await db.viewEvent.create({ data: { shareId: share.id, ideaId: share.ideaId, recipientId: first.id, ip: null, userAgent: null, viewedAt: new Date(Date.UTC(2026, 0, 2)) } });

    const list = await listShareRecipients(owner.id, share.id);
    const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: first.id } });
    expect(list).toEqual([
      {
        id: second.id,
        name: "Alan Turing",
        email: "alan@example.com",
        phone: null,
        emailVerified: false,
        nda: null,
        declinedAt: null,
        views: [{ viewedAt: new Date(Date.UTC(2026, 0, 1, 0, 1)), ip: "198.51.100.1", device: "Mobile Safari 17 on iOS 17.4 (iPhone)", engagement: NO_READING, version: null }],
        visits: 1,
        readmission: null,
      },
      {
        id: first.id,
        name: "Grace Hopper",
        email: "grace@example.com",
        phone: "+1 555 0100",
        emailVerified: false,
        nda: { id: nda.id, acceptedAt: nda.acceptedAt, acceptedBy: "Accepted by clicking I Agree", agreementSha256: nda.agreementSha256, contentSha256: nda.contentSha256, agreement: null },
        declinedAt: null,
        views: [
          { viewedAt: new Date(Date.UTC(2026, 0, 2)), ip: null, device: "Unknown device", engagement: NO_READING, version: null },
          { viewedAt: new Date(Date.UTC(2026, 0, 1, 0, 30)), ip: "198.51.100.30", device: "Chrome 131 on Windows 10 (desktop)", engagement: NO_READING, version: null },
          { viewedAt: new Date(Date.UTC(2026, 0, 1, 0, 10)), ip: "198.51.100.10", device: "Chrome 131 on Windows 10 (desktop)", engagement: NO_READING, version: null },
          { viewedAt: new Date(Date.UTC(2026, 0, 1, 0, 5)), ip: "198.51.100.5", device: "Chrome 131 on Windows 10 (desktop)", engagement: NO_READING, version: null },
        ],
        visits: 1,
        readmission: null,
      },
    ]);
    expect(nda.agreementSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("reports a confirmed e-mail address as verified", async () => {
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    const share = await createShare(owner.id, idea.id, { shareType: "email", recipientEmail: "invitee@example.com" });
    const r = await agreedRecipient(share);
    expect((await listShareRecipients(owner.id, share.id)).map((x) => [x.id, x.emailVerified])).toEqual([[r.id, true]]);
  });

  it("is the owner's alone: another creator's share, an unknown id and a silly id are 404s", async () => {
    const { share } = await setup();
    await createRecipient(share);
    const stranger = await createUser();
    await expect(listShareRecipients(stranger.id, share.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(listShareRecipients(stranger.id, "c000000000000000000000000")).rejects.toMatchObject({ status: 404 });
    await expect(listShareRecipients(stranger.id, "x".repeat(5000))).rejects.toMatchObject({ status: 404 });
  });

  it("shows only the link's own recipients and views; an empty link has none", async () => {
    const { owner, idea, share } = await setup();
    const other = await createShare(owner.id, idea.id);
    const mine = await createRecipient(share);
    const theirs = await createRecipient(other);
    await seedViews(other, theirs.id, [1, 2]);
    const list = await listShareRecipients(owner.id, share.id);
    expect(list.map((r) => r.id)).toEqual([mine.id]);
    expect(list[0].views).toEqual([]);
    expect(await listShareRecipients(owner.id, (await createShare(owner.id, idea.id)).id)).toEqual([]);
  });

  it("sends the same number of queries for 1 recipient with 1 view as for 60 recipients with 600 views", async () => {
    const small = await setup();
    const r = await createRecipient(small.share);
    await seedViews(small.share, r.id, [1]);
    const few = await recordQueries(() => listShareRecipients(small.owner.id, small.share.id));
    expect(few.result).toHaveLength(1);

    const big = await setup();
    await db.recipient.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({ shareId: big.share.id, name: `Person ${i}`, email: `p${i}@example.com`, secretHash: `hash-${i}-${big.share.id}` })),
    });
    const ids = (await db.recipient.findMany({ where: { shareId: big.share.id }, select: { id: true } })).map((x) => x.id);
    for (const id of ids) await seedViews(big.share, id, Array.from({ length: 10 }, (_, i) => i));
    const many = await recordQueries(() => listShareRecipients(big.owner.id, big.share.id));
    expect(many.result).toHaveLength(60);
    expect(many.result.reduce((n, x) => n + x.views.length, 0)).toBe(600);

    expect(few.queries.length).toBeGreaterThan(0);
    expect(many.queries.length).toBe(few.queries.length);
  });

  it("gives each view its reading time per page, in the same number of queries with 0 or 60 × 120 pages read", async () => {
    const { owner, share } = await setup();
    const reader = await createRecipient(share);
    await seedViews(share, reader.id, [1, 2]);
    const [older, newer] = await db.viewEvent.findMany({ where: { recipientId: reader.id }, orderBy: { viewedAt: "asc" } });
    await db.viewEvent.update({ where: { id: newer.id }, data: { engagementMs: 9000, pageCount: 6 } });
    await db.viewEngagement.createMany({ data: [{ viewId: newer.id, n: 3, ms: 2000 }, { viewId: newer.id, n: 1, ms: 7000 }] });
    const unread = await recordQueries(() => listShareRecipients(owner.id, share.id));
    expect(unread.result[0].views.map((v) => v.engagement)).toEqual([{ totalMs: 9000, pageCount: 6, pages: [{ n: 1, ms: 7000 }, { n: 3, ms: 2000 }] }, NO_READING]);
    expect(older.id).not.toBe(newer.id);

    const big = await setup();
    await db.recipient.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({ shareId: big.share.id, name: `Person ${i}`, email: `p${i}@example.com`, secretHash: `hash-r-${i}-${big.share.id}` })),
    });
    for (const r of await db.recipient.findMany({ where: { shareId: big.share.id }, select: { id: true } })) await seedViews(big.share, r.id, [1]);
    const views = await db.viewEvent.findMany({ where: { shareId: big.share.id }, select: { id: true } });
    await db.viewEvent.updateMany({ where: { shareId: big.share.id }, data: { engagementMs: 120 * 500, pageCount: 120 } });
    await db.viewEngagement.createMany({ data: views.flatMap((v) => Array.from({ length: 120 }, (_, i) => ({ viewId: v.id, n: i + 1, ms: 500 }))) });
    const read = await recordQueries(() => listShareRecipients(big.owner.id, big.share.id));
    expect(read.result).toHaveLength(60);
    for (const r of read.result) expect(r.views[0].engagement).toMatchObject({ totalMs: 60_000, pageCount: 120, pages: expect.arrayContaining([{ n: 120, ms: 500 }]) });
    expect(read.result[0].views[0].engagement.pages).toHaveLength(120);
    expect(read.queries.length).toBe(unread.queries.length);
  });
});
