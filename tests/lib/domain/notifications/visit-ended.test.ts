import { db } from "@/lib/platform/db";
import { listOutbox } from "@/lib/platform/email/outbox";
import { formatUtc } from "@/lib/platform/email/mail-templates/notifications";
import { updateNotificationSettings } from "@/lib/domain/notifications/settings";
import { LOOKBACK_MS, visitIdleMs } from "@/lib/domain/notifications/visit-ended";
import { mailOwnerBurst } from "@/lib/domain/notifications/queue";
import { runQueueNow } from "@/lib/features/jobs/worker";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { loadOwnerPreview } from "@/lib/domain/shares/owner-preview";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { setEnv } from "../../../db-utils";
import { recordQueries } from "../../../query-count";
import { runDue } from "../../../jobs-utils";
import { TEST_CLIENT, createPublished, createRecipient, createShare, createUser } from "../../../factories";

/**
 * The owner's summary mail after each visit: the periodic "visits-ended" job finds visits with reading time and no
 * report for VISIT_IDLE_MINUTES and queues one "visitEnded" event each; the owner-mail job mails it on its own.
 */

async function setup() {
  const owner = await createUser({ name: "Ada Lovelace" });
  const idea = await createPublished(owner.id, { title: "Solar Kettle" });
  const share = await createShare(owner.id, idea.id);
  const grace = await createRecipient(share, { name: "Grace Hopper", email: "grace@example.com" });
  return { owner, idea, share, grace };
}

/** A visit whose last report was `idleMs` ago, with `pages` (page → ms) read of 5. */
async function visit(share: { id: string }, ideaId: number, recipientId: string, idleMs: number, pages: Record<number, number>) {
  const ms = Object.values(pages).reduce((a, b) => a + b, 0);
  const last = new Date(Date.now() - idleMs);
  const v = await db.viewEvent.create({
    data: { shareId: share.id, ideaId, recipientId, viewedAt: new Date(last.getTime() - ms - 5_000), lastEngagementAt: last, engagementMs: ms, pageCount: 5 },
  });
  const rows = Object.entries(pages).map(([n, pageMs]) => ({ viewId: v.id, n: Number(n), ms: pageMs }));
  if (rows.length) await db.viewEngagement.createMany({ data: rows });
  return v;
}

/** One periodic run, then every owner mail due. */
async function runVisitJobs() {
  await runQueueNow("visits-ended", 30_000);
  return runDue("owner-mail", { mailed: 0, skipped: 0, failed: 0 }, { makeDue: true });
}

async function mailsTo(to: string) {
  return (await listOutbox(500)).filter((m) => m.to === to);
}

const MINUTE = 60_000;

describe("the owner's mail after a visit ends", () => {
  it("waits while the visit is younger than the idle time", async () => {
    const { owner, idea, share, grace } = await setup();
    await visit(share, idea.id, grace.id, visitIdleMs() - MINUTE, { 1: 20_000 });
    expect(await runVisitJobs()).toEqual({ mailed: 0, skipped: 0, failed: 0 });
    expect(await mailsTo(owner.email)).toHaveLength(0);
    expect(await db.ownerNotification.count({ where: { kind: "visitEnded" } })).toBe(0);
  });

  it("mails one summary once the visit has been idle, however many runs find it", async () => {
    const { owner, idea, share, grace } = await setup();
    const v = await visit(share, idea.id, grace.id, visitIdleMs() + MINUTE, { 1: 20_000, 2: 30_000, 3: 10_000, 4: 60_000, 5: 0 });
    expect(await runVisitJobs()).toEqual({ mailed: 1, skipped: 0, failed: 0 });
    expect(await runVisitJobs()).toEqual({ mailed: 0, skipped: 0, failed: 0 });
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe('Grace Hopper read "Solar Kettle"');
    expect(mail.text).toContain(`Grace Hopper (grace@example.com) read the idea "Solar Kettle" on ${formatUtc(v.viewedAt)} through your full-access link of`);
    expect(mail.text).toContain("Time spent: 2 min 0 s");
    // A rich-text idea is read in sections.
    expect(mail.text).toContain("Sections read: 4 of 5");
    expect(mail.text).toContain("Most-read sections: section 4 (1 min 0 s), section 2 (30 s), section 1 (20 s)");
    expect(mail.text).toContain("Every visit's sections and time are under 'Visits' on the share screen.");
    expect(mail.text).not.toMatch(/pages? read|page \d/i);
    expect(mail.text).toContain(`/share/${idea.id}`);
    const events = await db.ownerNotification.findMany({ where: { kind: "visitEnded" } });
    expect(events.map((e) => [e.sourceId, e.outcome])).toEqual([[v.id, "sent"]]);
  });

  it("counts a PDF idea's visit in pages", async () => {
    const { owner, idea, share, grace } = await setup();
    // Only the idea's kind decides the words (the reader's counts are stored on the view).
    await db.idea.update({ where: { id: idea.id }, data: { kind: "pdf" } });
    await visit(share, idea.id, grace.id, visitIdleMs() + MINUTE, { 1: 20_000, 3: 30_000 });
    expect(await runVisitJobs()).toEqual({ mailed: 1, skipped: 0, failed: 0 });
    const [mail] = await mailsTo(owner.email);
    expect(mail.text).toContain("Pages read: 2 of 5");
    expect(mail.text).toContain("Most-read pages: page 3 (30 s), page 1 (20 s)");
    expect(mail.text).toContain("Every visit's pages and time are under 'Visits' on the share screen.");
  });

  it("reads the visit once to mail it, in one statement", async () => {
    const { owner, idea, share, grace } = await setup();
    await visit(share, idea.id, grace.id, visitIdleMs() + MINUTE, { 1: 20_000 });
    await runQueueNow("visits-ended", 30_000);
    const { result, queries } = await recordQueries(() => mailOwnerBurst(grace.id));
    expect(result).toEqual({ mailed: 1, skipped: 0, failed: 0 });
    expect(queries.filter((q) => q.includes('"ViewEvent"'))).toHaveLength(1);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it("takes VISIT_IDLE_MINUTES from the environment", async () => {
    setEnv({ VISIT_IDLE_MINUTES: "30" });
    const { owner, idea, share, grace } = await setup();
    await visit(share, idea.id, grace.id, 20 * MINUTE, { 1: 20_000 });
    expect(await runVisitJobs()).toEqual({ mailed: 0, skipped: 0, failed: 0 });
    await visit(share, idea.id, grace.id, 31 * MINUTE, { 1: 20_000 });
    expect(await runVisitJobs()).toEqual({ mailed: 1, skipped: 0, failed: 0 });
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it("each visit of a recipient gets its own mail", async () => {
    const { owner, idea, share, grace } = await setup();
    await visit(share, idea.id, grace.id, visitIdleMs() + 2 * MINUTE, { 1: 5_000 });
    await visit(share, idea.id, grace.id, visitIdleMs() + MINUTE, { 2: 7_000 });
    expect(await runVisitJobs()).toEqual({ mailed: 2, skipped: 0, failed: 0 });
    const texts = (await mailsTo(owner.email)).map((m) => m.text);
    expect(texts.filter((t) => t.includes("Most-read sections: section 1 (5 s)"))).toHaveLength(1);
    expect(texts.filter((t) => t.includes("Most-read sections: section 2 (7 s)"))).toHaveLength(1);
  });

  it("mails nothing for a visit without reading time, one that ended long ago, or while the switch is off", async () => {
    const { owner, idea, share, grace } = await setup();
    await visit(share, idea.id, grace.id, visitIdleMs() + MINUTE, {});
    await visit(share, idea.id, grace.id, LOOKBACK_MS + visitIdleMs() + MINUTE, { 1: 20_000 });
    expect(await runVisitJobs()).toEqual({ mailed: 0, skipped: 0, failed: 0 });

    await updateNotificationSettings(owner.id, { visitEnded: false });
    await visit(share, idea.id, grace.id, visitIdleMs() + MINUTE, { 1: 20_000 });
    expect(await runVisitJobs()).toEqual({ mailed: 0, skipped: 0, failed: 0 });
    // Queued while on, switched off before it went: dropped.
    await updateNotificationSettings(owner.id, { visitEnded: true });
    await runQueueNow("visits-ended", 30_000);
    await updateNotificationSettings(owner.id, { visitEnded: false });
    expect(await runDue("owner-mail", { mailed: 0, skipped: 0, failed: 0 }, { makeDue: true })).toEqual({ mailed: 0, skipped: 1, failed: 0 });
    expect(await mailsTo(owner.email)).toHaveLength(0);
  });

  it("a first view and the visit's end are two mails, each in its own words", async () => {
    const { owner, share, grace } = await setup();
    await updateNotificationSettings(owner.id, { ndaAccepted: false });
    await acceptNda(grace.id, grace.secrets, TEST_CLIENT);
    await getSharedIdea(share.accessLink, grace.secrets, TEST_CLIENT);
    const [view] = await db.viewEvent.findMany({ where: { recipientId: grace.id } });
    // The reader reported 40 s on page 1, then left: its last report is past the idle time, inside the burst window.
    const last = new Date(Date.now() - visitIdleMs() - MINUTE);
    await db.viewEvent.update({ where: { id: view.id }, data: { viewedAt: new Date(last.getTime() - 40_000), lastEngagementAt: last, engagementMs: 40_000, pageCount: 1 } });
    await db.viewEngagement.create({ data: { viewId: view.id, n: 1, ms: 40_000 } });
    await db.ownerNotification.updateMany({ where: { kind: "firstView" }, data: { occurredAt: new Date(last.getTime() - 40_000) } });
    expect(await runVisitJobs()).toEqual({ mailed: 2, skipped: 0, failed: 0 });
    expect((await mailsTo(owner.email)).map((m) => m.subject).sort()).toEqual(['Grace Hopper opened "Solar Kettle"', 'Grace Hopper read "Solar Kettle"']);
  });

  it("never mails for the owner's own preview, which records no visit", async () => {
    const { owner, idea, share } = await setup();
    await loadOwnerPreview(owner, idea.id, { shareId: share.id });
    expect(await db.viewEvent.count()).toBe(0);
    expect(await runVisitJobs()).toEqual({ mailed: 0, skipped: 0, failed: 0 });
    expect(await mailsTo(owner.email)).toHaveLength(0);
  });
});
