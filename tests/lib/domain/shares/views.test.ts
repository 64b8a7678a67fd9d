import { db } from "@/lib/platform/db";
import { consumeShareView, getSharedIdea } from "@/lib/domain/shares/views";
import { revokeShare } from "@/lib/domain/shares";
import { TEST_CLIENT, agreedRecipient, createDraft, createShare, createUser } from "../../../factories";

// Each case sets up a dozen agreed recipients before racing them: on a busy machine that alone can pass 20 s.
jest.setTimeout(90_000);

type Outcome = "content" | "denied";

/** Every recipient asks for the content at the same moment; each answer is either the content or a 404. */
async function race(token: string, recipients: { secrets: string[] }[]): Promise<Outcome[]> {
  return Promise.all(
    recipients.map((r, i) =>
      getSharedIdea(token, r.secrets, { ip: `192.0.2.${i + 1}`, userAgent: `racer-${i}` }).then(
        (res) => (res.idea.content !== undefined ? "content" : "denied") as Outcome,
        (err: { status?: number }) => {
          if (err.status !== 404) throw err;
          return "denied" as Outcome;
        },
      ),
    ),
  );
}

async function agreedMany(share: Parameters<typeof agreedRecipient>[0], n: number) {
  const out = [];
  // Distinct addresses: recipient creation is limited per address.
  for (let i = 0; i < n; i++) out.push(await agreedRecipient(share, { client: { ip: `198.51.100.${i + 1}`, userAgent: "setup" } }));
  return out;
}

describe("views under real concurrency", () => {
  it.each([1, 3, 5])("a maxViews:%i link raced by 14 agreed recipients delivers exactly that many views", async (k) => {
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    const share = await createShare(owner.id, idea.id, { shareType: "time-dependent", maxViews: k });
    const recipients = await agreedMany(share, 14);
    const outcomes = await race(share.accessLink, recipients);
    expect(outcomes.filter((o) => o === "content")).toHaveLength(k);
    expect((await db.share.findUniqueOrThrow({ where: { id: share.id } })).viewCount).toBe(k);
    const events = await db.viewEvent.findMany({ where: { shareId: share.id } });
    expect(events).toHaveLength(k);
    expect(new Set(events.map((e) => e.recipientId)).size).toBe(k);
    expect(events.every((e) => e.ideaId === idea.id && /^192\.0\.2\.\d+$/.test(e.ip ?? "") && e.userAgent?.startsWith("racer-"))).toBe(true);
  });

  it("a one-time link without maxViews raced by 12 agreed recipients opens exactly once", async () => {
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id)).id, { shareType: "one-time" });
    const recipients = await agreedMany(share, 12);
    const outcomes = await race(share.accessLink, recipients);
    expect(outcomes.filter((o) => o === "content")).toHaveLength(1);
    expect((await db.share.findUniqueOrThrow({ where: { id: share.id } })).viewCount).toBe(1);
    expect(await db.viewEvent.count({ where: { shareId: share.id } })).toBe(1);
  });

  it("a one-time link with maxViews 3 raced by 10 recipients (each asking 3 times at once) gives exactly 3 recipients one view each", async () => {
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id)).id, { shareType: "one-time", maxViews: 3 });
    const recipients = await agreedMany(share, 10);
    // Every recipient three times over, all at the same moment: its own parallel requests race each other too.
    const racers = recipients.flatMap((r) => [r, r, r]);
    const outcomes = await race(share.accessLink, racers);
    const servedTimes = new Map<number, number>();
    outcomes.forEach((o, i) => {
      if (o === "content") servedTimes.set(Math.floor(i / 3), (servedTimes.get(Math.floor(i / 3)) ?? 0) + 1);
    });
    expect(servedTimes.size).toBe(3);
    expect([...servedTimes.values()]).toEqual([1, 1, 1]);
    expect((await db.share.findUniqueOrThrow({ where: { id: share.id } })).viewCount).toBe(3);
    const events = await db.viewEvent.findMany({ where: { shareId: share.id } });
    expect(events).toHaveLength(3);
    expect(new Set(events.map((e) => e.recipientId)).size).toBe(3);
    // Nobody gets a second look: the three who viewed and everyone else are refused from now on.
    for (const r of recipients) await expect(getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 404 });
    expect((await db.share.findUniqueOrThrow({ where: { id: share.id } })).viewCount).toBe(3);
  });

  it("one recipient reloading (also in parallel) inside its 60 minutes consumes one view; after the window, another", async () => {
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id)).id, { shareType: "time-dependent", maxViews: 3 });
    const [r] = await agreedMany(share, 1);
    const first = await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    const reloads = await Promise.all(Array.from({ length: 8 }, () => getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT)));
    expect(reloads.every((x) => x.idea.content === "<p>Secret plan</p>" && x.accessedAt?.getTime() === first.accessedAt?.getTime())).toBe(true);
    expect((await db.share.findUniqueOrThrow({ where: { id: share.id } })).viewCount).toBe(1);
    expect(await db.viewEvent.count()).toBe(1);
    const row = await db.recipient.findUniqueOrThrow({ where: { id: r.id } });
    expect(row.viewWindowEndsAt!.getTime() - row.viewStartedAt!.getTime()).toBe(60 * 60 * 1000);

    // 61 minutes later (moved on the row, not slept): the next load is a new view.
    await db.recipient.update({ where: { id: r.id }, data: { viewStartedAt: new Date(Date.now() - 61 * 60_000), viewWindowEndsAt: new Date(Date.now() - 60_000) } });
    const later = await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    expect(later.accessedAt!.getTime()).toBeGreaterThan(first.accessedAt!.getTime());
    expect((await db.share.findUniqueOrThrow({ where: { id: share.id } })).viewCount).toBe(2);
    expect(await db.viewEvent.count()).toBe(2);
  });

  it("a one-time recipient is given the content once: a reload, even inside its window, is refused like a used link", async () => {
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id)).id, { shareType: "one-time", maxViews: 2 });
    const [a, b, c] = await agreedMany(share, 3);
    expect((await getSharedIdea(share.accessLink, a.secrets, TEST_CLIENT)).idea.content).toBeDefined();
    await expect(getSharedIdea(share.accessLink, a.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 404 });
    // The second admitted recipient still gets its one view; the third is over the limit.
    expect((await getSharedIdea(share.accessLink, b.secrets, TEST_CLIENT)).idea.content).toBeDefined();
    await expect(getSharedIdea(share.accessLink, b.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 404 });
    await expect(getSharedIdea(share.accessLink, c.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 404 });
    await expect(getSharedIdea(share.accessLink, [], TEST_CLIENT)).rejects.toMatchObject({ status: 404 });
    expect((await db.share.findUniqueOrThrow({ where: { id: share.id } })).viewCount).toBe(2);
    expect(await db.viewEvent.count({ where: { shareId: share.id } })).toBe(2);
  });

  it("a reload inside the window is refused once the link was revoked or expired after the lookup", async () => {
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    for (const end of ["revoke", "expire"] as const) {
      const share = await createShare(owner.id, idea.id, { shareType: "time-dependent" });
      const [r] = await agreedMany(share, 1);
      await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
      // getSharedIdea looked the link up as live; it ends before the view is counted.
      if (end === "revoke") await revokeShare(owner.id, share.id);
      else await db.share.update({ where: { id: share.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      await expect(consumeShareView({ id: share.id, ideaId: idea.id }, r.id, TEST_CLIENT)).rejects.toMatchObject({ status: 404 });
    }
    expect(await db.viewEvent.count()).toBe(2);
  });

  it("a full-access link counts every recipient's view without a limit", async () => {
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id)).id);
    const recipients = await agreedMany(share, 12);
    expect((await race(share.accessLink, recipients)).every((o) => o === "content")).toBe(true);
    expect((await db.share.findUniqueOrThrow({ where: { id: share.id } })).viewCount).toBe(12);
  });
});
