import { db } from "@/lib/platform/db";
import { listOutbox, type OutboxEntry } from "@/lib/platform/email/outbox";
import { formatUtc } from "@/lib/platform/email/mail-templates/notifications";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { burstWindowMs } from "@/lib/domain/notifications/queue";
import { updateNotificationSettings } from "@/lib/domain/notifications/settings";
import { GET as CRON } from "@/app/api/cron/notifications/route";
import { runQueueNow } from "@/lib/features/jobs/worker";
import { makeJobsDue, setEnv, waitingJobs } from "../../../db-utils";
import { runDue } from "../../../jobs-utils";
import { acceptLinkNda } from "@/lib/domain/rooms/agreement";
import { sharedRoomItem } from "@/lib/domain/rooms/recipient";
import { linkByToken } from "@/lib/domain/gate/lookup";
import { NO_PASSCODE_PROOFS } from "@/lib/domain/recipients/passcode";
import { TEST_CLIENT, TEST_ORIGIN, createDraft, createPublished, createRecipient, createRoom, createRoomShare, createShare, createUser } from "../../../factories";

/**
 * One owner mail per recipient burst. The agreement and the first view are queued in PostgreSQL
 * (OwnerNotification) with the burst's "owner-mail" job, due once the window after the burst's first event has
 * closed; the tests check when the job is due, then make it due instead of waiting.
 */

const WINDOW = burstWindowMs();

/** Runs the due burst jobs (`due`: every waiting one, its time having come) and adds up their counts. */
function runMails(opts: { due?: boolean } = { due: true }) {
  return runDue("owner-mail", { mailed: 0, skipped: 0, failed: 0 }, { makeDue: opts.due });
}

async function ownerMails(to: string): Promise<OutboxEntry[]> {
  return (await listOutbox(500)).filter((m) => m.to === to);
}

async function setup() {
  const owner = await createUser({ name: "Ada Lovelace" });
  const idea = await createDraft(owner.id, { title: "Solar Kettle" });
  const share = await createShare(owner.id, idea.id);
  return { owner, idea, share };
}

/** A recipient who accepts and opens the idea at once: two events. */
async function acceptAndOpen(share: Awaited<ReturnType<typeof createShare>>, who: { name: string; email: string } = { name: "Grace Hopper", email: "grace@example.com" }) {
  const r = await createRecipient(share, who);
  await acceptNda(r.id, r.secrets, TEST_CLIENT);
  await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
  return r;
}

async function events(recipientId: string) {
  return db.ownerNotification.findMany({ where: { recipientId }, orderBy: { occurredAt: "asc" } });
}

describe("owner mails per recipient burst", () => {
  it("the agreement and the first view within the window are one mail, sent only once the window has closed", async () => {
    const { owner, idea, share } = await setup();
    const r = await acceptAndOpen(share);
    const queued = await events(r.id);
    expect(queued.map((e) => e.kind)).toEqual(["ndaAccepted", "firstView"]);
    expect(queued.every((e) => e.doneAt === null && e.origin === TEST_ORIGIN)).toBe(true);
    const first = queued[0].occurredAt.getTime();

    // One job for the burst, due when the window has closed; until then nothing is sent.
    const jobs = await waitingJobs("owner-mail");
    expect(jobs.map((j) => [j.data, j.startAfter.getTime()])).toEqual([[{ recipientId: r.id }, first + WINDOW]]);
    expect(await runMails({ due: false })).toEqual({ mailed: 0, skipped: 0, failed: 0 });
    expect(await ownerMails(owner.email)).toHaveLength(0);

    expect(await runMails()).toEqual({ mailed: 1, skipped: 0, failed: 0 });
    const mails = await ownerMails(owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe('Grace Hopper accepted the NDA and opened "Solar Kettle"');
    expect(mail.text).toContain(
      `Grace Hopper (grace@example.com) accepted the confidentiality agreement for the idea "Solar Kettle" on ${formatUtc(queued[0].occurredAt)} and opened it for the first time on ${formatUtc(queued[1].occurredAt)}.`,
    );
    expect(mail.text).toContain("Through your full-access link of");
    expect(mail.text).toContain(`${TEST_ORIGIN}/share/${idea.id}`);
    expect(mail.html).toContain(`href="${TEST_ORIGIN}/share/${idea.id}"`);
    expect((await events(r.id)).every((e) => e.doneAt !== null && e.outcome === "sent")).toBe(true);

    // Mailed once: no job is left, and later runs find nothing.
    expect(await waitingJobs("owner-mail")).toEqual([]);
    expect(await runMails()).toEqual({ mailed: 0, skipped: 0, failed: 0 });
    expect(await ownerMails(owner.email)).toHaveLength(1);
  });

  it("a room link's recipient: the mail names the room and leads to its page", async () => {
    const owner = await createUser({ name: "Fiona Founder" });
    const deck = await createPublished(owner.id, { title: "Deck" });
    const room = await createRoom(owner.id, [deck.id], { name: "Seed round" });
    const link = await createRoomShare(owner.id, room.id);
    const r = await createRecipient(link, { name: "Grace Hopper", email: "grace@example.com" });
    await acceptLinkNda(r.id, r.secrets, TEST_CLIENT);
    const found = await linkByToken(link.accessLink);
    if (!found || found.roomId === null || found.ideaId !== null) throw new Error("not a room link");
    await sharedRoomItem(found, deck.id, r.secrets, TEST_CLIENT, NO_PASSCODE_PROOFS);
    expect((await events(r.id)).map((e) => e.kind)).toEqual(["ndaAccepted", "firstView"]);

    expect(await runMails()).toEqual({ mailed: 1, skipped: 0, failed: 0 });
    const [mail, ...more] = await ownerMails(owner.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Grace Hopper accepted the NDA and opened "Seed round"');
    expect(mail.text).toContain('Grace Hopper (grace@example.com) accepted the confidentiality agreement for the room "Seed round" on');
    expect(mail.text).toContain("The room's page shows the recipient, the agreement they accepted and its certificate.");
    expect(mail.html).toContain(`href="${TEST_ORIGIN}/rooms/${room.id}"`);
    expect(mail.html).toContain("Open the room");
  });

  it("events in two windows are two mails, each with its own text", async () => {
    const { owner, share } = await setup();
    const r = await acceptAndOpen(share);
    const [nda, view] = await events(r.id);
    // The first view came after the agreement's window had closed.
    const viewedAt = new Date(nda.occurredAt.getTime() + WINDOW + 5_000);
    await db.ownerNotification.update({ where: { id: view.id }, data: { occurredAt: viewedAt } });

    expect(await runMails()).toEqual({ mailed: 1, skipped: 0, failed: 0 });
    expect((await ownerMails(owner.email)).map((m) => m.subject)).toEqual(['Grace Hopper accepted the NDA for "Solar Kettle"']);
    // The event left gets its own burst's job, due when its window closes.
    expect((await waitingJobs("owner-mail")).map((j) => j.startAfter.getTime())).toEqual([viewedAt.getTime() + WINDOW]);

    expect(await runMails()).toEqual({ mailed: 1, skipped: 0, failed: 0 });
    const mails = await ownerMails(owner.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Grace Hopper accepted the NDA for "Solar Kettle"', 'Grace Hopper opened "Solar Kettle"']);
    expect(mails.find((m) => m.subject.includes("opened"))!.text).toContain(`Viewed on ${formatUtc(viewedAt)} through your full-access link of`);
  });

  it("different recipients of one link are different mails", async () => {
    const { owner, share } = await setup();
    const grace = await acceptAndOpen(share);
    const alan = await acceptAndOpen(share, { name: "Alan Turing", email: "alan@example.com" });
    expect(await runMails()).toEqual({ mailed: 2, skipped: 0, failed: 0 });
    expect((await ownerMails(owner.email)).map((m) => m.subject).sort()).toEqual([
      'Alan Turing accepted the NDA and opened "Solar Kettle"',
      'Grace Hopper accepted the NDA and opened "Solar Kettle"',
    ]);
    expect(await db.ownerNotification.count({ where: { recipientId: { in: [grace.id, alan.id] }, doneAt: null } })).toBe(0);
  });

  it("two job runs at once (two instances) mail every burst exactly once", async () => {
    const { owner, share } = await setup();
    const recipients = [];
    for (let i = 0; i < 6; i++) recipients.push(await acceptAndOpen(share, { name: `Reader ${i}`, email: `reader-${i}@example.com` }));
    expect(await waitingJobs("owner-mail")).toHaveLength(6);
    await makeJobsDue("owner-mail");
    const runs = await Promise.all([runMails({ due: false }), runMails({ due: false }), runMails({ due: false })]);
    expect(runs.reduce((n, c) => n + c.mailed, 0)).toBe(6);
    expect(runs.every((c) => c.failed === 0 && c.skipped === 0)).toBe(true);
    const mails = await ownerMails(owner.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(recipients.map((_, i) => `Reader ${i} accepted the NDA and opened "Solar Kettle"`).sort());
    expect(await db.ownerNotification.count({ where: { doneAt: null } })).toBe(0);
  });

  it("switched off before the event: nothing is queued; switched off while queued: nothing is sent", async () => {
    const { owner, share } = await setup();
    await updateNotificationSettings(owner.id, { ndaAccepted: false, firstView: false });
    const early = await acceptAndOpen(share);
    expect(await events(early.id)).toEqual([]);

    await updateNotificationSettings(owner.id, { ndaAccepted: true, firstView: true });
    const late = await acceptAndOpen(share, { name: "Alan Turing", email: "alan@example.com" });
    expect(await events(late.id)).toHaveLength(2);
    await updateNotificationSettings(owner.id, { ndaAccepted: false, firstView: false });
    expect(await runMails()).toEqual({ mailed: 0, skipped: 1, failed: 0 });
    expect(await ownerMails(owner.email)).toHaveLength(0);
    expect((await events(late.id)).map((e) => e.outcome)).toEqual(["skipped", "skipped"]);
  });

  it("one switch off while queued: the burst's mail tells only what is still on", async () => {
    const { owner, share } = await setup();
    await acceptAndOpen(share);
    await updateNotificationSettings(owner.id, { ndaAccepted: false });
    expect(await runMails()).toEqual({ mailed: 1, skipped: 0, failed: 0 });
    expect((await ownerMails(owner.email)).map((m) => m.subject)).toEqual(['Grace Hopper opened "Solar Kettle"']);
  });

  it("an event reported twice is queued once", async () => {
    const { share } = await setup();
    const r = await acceptAndOpen(share);
    await db.recipient.update({ where: { id: r.id }, data: { firstViewNotifiedAt: null } });
    await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    expect((await events(r.id)).map((e) => e.kind)).toEqual(["ndaAccepted", "firstView"]);
    expect(await waitingJobs("owner-mail")).toHaveLength(1);
  });

  it("a recipient whose events have no job (left by the release before the job queue) gets one from the periodic job", async () => {
    const { owner, share } = await setup();
    const r = await acceptAndOpen(share);
    await db.$executeRawUnsafe(`DELETE FROM pgboss.job WHERE name = 'owner-mail'`);
    const [first] = await events(r.id);
    expect(await runQueueNow("notifications", 5_000)).toEqual({ pruned: 0, adopted: 1 });
    expect((await waitingJobs("owner-mail")).map((j) => [j.data, j.startAfter.getTime()])).toEqual([[{ recipientId: r.id }, first.occurredAt.getTime() + WINDOW]]);
    expect(await runQueueNow("notifications", 5_000)).toEqual({ pruned: 0, adopted: 0 });
    expect(await runMails()).toEqual({ mailed: 1, skipped: 0, failed: 0 });
    expect(await ownerMails(owner.email)).toHaveLength(1);
  });

  it("GET /api/cron/notifications (serverless) needs the cron secret and mails what is due", async () => {
    setEnv({ CRON_SECRET: "a-cron-secret-of-some-length" });
    const { owner, share } = await setup();
    const r = await acceptAndOpen(share);
    // The burst's window has closed.
    expect(await makeJobsDue("owner-mail", { recipientId: r.id })).toBe(1);
    const noParams = { params: Promise.resolve({}) };
    expect((await CRON(new Request("http://localhost/api/cron/notifications"), noParams)).status).toBe(401);
    expect(await ownerMails(owner.email)).toHaveLength(0);
    const ok = await CRON(new Request("http://localhost/api/cron/notifications", { headers: { authorization: "Bearer a-cron-secret-of-some-length" } }), noParams);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ bursts: 1, sweep: { pruned: 0, adopted: 0 } });
    expect(await ownerMails(owner.email)).toHaveLength(1);
  });
});
