import { db } from "@/lib/platform/db";
import { listActivity } from "@/lib/domain/activity";
import { activitySummary } from "@/lib/domain/activity/summary";
import { ideaCounts } from "@/lib/domain/ideas/counts";
import { revokeShare } from "@/lib/domain/shares";
import { declineNda } from "@/lib/domain/recipients/decline";
import { agreedRecipient, createDraft, createRecipient, createShare, createUser } from "../../../factories";

/**
 * The figures that open the timeline cover the whole history, count people (one e-mail, however many
 * links or visits) and answer for one idea only.
 */
async function history() {
  const owner = await createUser({ name: "Ada Owner" });
  const idea = await createDraft(owner.id);
  const first = await createShare(owner.id, idea.id);
  const second = await createShare(owner.id, idea.id);
  const grace = await agreedRecipient(first, { name: "Grace", email: "grace@example.com" });
  // The same person again on the second link, under her full name and another case: one recipient.
  const graceAgain = await createRecipient(second, { name: "Grace Hopper", email: "Grace@Example.com" });
  const bob = await agreedRecipient(first, { name: "Bob", email: "bob@example.com" });
  const view = (shareId: string, recipientId: string | null, engagementMs: number) =>
    db.viewEvent.create({ data: { shareId, ideaId: idea.id, recipientId, engagementMs } });
  await view(first.id, grace.id, 30_000);
  await view(first.id, grace.id, 15_400);
  await view(second.id, graceAgain.id, 10_000);
  await view(second.id, null, 5_000); // a view whose recipient was removed still counts
  await revokeShare(owner.id, second.id);

  // Another idea of the same owner: none of it is counted above.
  const other = await createDraft(owner.id);
  const otherShare = await createShare(owner.id, other.id);
  const carl = await agreedRecipient(otherShare, { email: "carl@example.com" });
  await db.viewEvent.create({ data: { shareId: otherShare.id, ideaId: other.id, recipientId: carl.id, engagementMs: 99_000 } });
  return { owner, idea, other, bob };
}

describe("activity summary", () => {
  it("counts links (revoked too), distinct recipients, agreements, views and reading time of one idea", async () => {
    const { idea } = await history();
    const { summary, people } = await activitySummary(idea.id);
    expect(summary).toEqual({ links: 2, recipients: 2, agreements: 2, views: 4, readingSeconds: 60 });
    expect(people).toEqual([
      { email: "bob@example.com", name: "Bob", views: 0, readingSeconds: 0, agreements: 1, declined: false },
      { email: "grace@example.com", name: "Grace Hopper", views: 3, readingSeconds: 55, agreements: 1, declined: false },
    ]);
  });

  it("does not count someone who declined the agreement as a recipient, unless another visit of theirs did not decline", async () => {
    const { idea } = await history();
    const link = await createShare((await db.idea.findUniqueOrThrow({ where: { id: idea.id } })).ownerId, idea.id);
    const dan = await createRecipient(link, { name: "Dan", email: "dan@example.com" });
    await declineNda(dan.id, dan.secrets);
    let figures = await activitySummary(idea.id);
    expect(figures.summary.recipients).toBe(2);
    expect(figures.people.find((p) => p.email === "dan@example.com")).toMatchObject({ declined: true });
    expect((await ideaCounts([idea.id])).get(idea.id)).toMatchObject({ recipientCount: 2 });
    // Dan comes back and identifies again without declining: a recipient now.
    await createRecipient(link, { name: "Dan", email: "dan@example.com" });
    figures = await activitySummary(idea.id);
    expect(figures.summary.recipients).toBe(3);
    expect((await ideaCounts([idea.id])).get(idea.id)).toMatchObject({ recipientCount: 3 });
  });

  it("is all zeros for an idea without links", async () => {
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    expect(await activitySummary(idea.id)).toEqual({ summary: { links: 0, recipients: 0, agreements: 0, views: 0, readingSeconds: 0 }, people: [] });
  });

  it("comes with every page of the timeline, the same whatever the page", async () => {
    const { owner, idea } = await history();
    const first = await listActivity(owner.id, idea.id, { limit: 2 });
    const later = await listActivity(owner.id, idea.id, { offset: 2, limit: 2 });
    expect(first.summary).toEqual({ links: 2, recipients: 2, agreements: 2, views: 4, readingSeconds: 60 });
    expect(later.summary).toEqual(first.summary);
    expect(later.people).toEqual(first.people);
  });

  it("keeps the agreement's digest out of the note and in the evidence; the detail stays the whole text", async () => {
    const { owner, idea, bob } = await history();
    const { events } = await listActivity(owner.id, idea.id, { limit: 200 });
    const accepted = events.find((e) => e.type === "nda_accepted" && e.recipient?.id === bob.id)!;
    expect(accepted.note).toBeNull();
    expect(accepted.evidence).toEqual([{ label: "Agreement SHA-256", value: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(accepted.detail).toBe(`Agreement SHA-256 ${accepted.evidence[0].value}`);
    for (const e of events.filter((e) => e.type !== "nda_accepted")) {
      expect(e.evidence).toEqual([]);
      expect(e.note).toBe(e.detail);
    }
  });
});

describe("ideaCounts", () => {
  it("gives each idea its views and distinct recipients in two queries, whatever the number of ideas", async () => {
    const { idea, other } = await history();
    const owner = await createUser();
    const empty = await createDraft(owner.id);
    const counts = await ideaCounts([idea.id, other.id, empty.id]);
    expect(counts.get(idea.id)).toEqual({ viewCount: 4, recipientCount: 2 });
    expect(counts.get(other.id)).toEqual({ viewCount: 1, recipientCount: 1 });
    expect(counts.get(empty.id)).toBeUndefined();
    expect(await ideaCounts([])).toEqual(new Map());
  });
});
