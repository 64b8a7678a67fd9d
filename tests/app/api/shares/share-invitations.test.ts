import { db } from "@/lib/platform/db";
import { enqueue } from "@/lib/platform/jobs";
import { JOB_SCHEMA } from "@/lib/platform/jobs/queues";
import { listOutbox } from "@/lib/platform/email/outbox";
import type { EmailMessage } from "@/lib/platform/email";
import { revokeShare } from "@/lib/domain/shares";
import { INVITATION_RETRIES, REQUEST_MAILING_WINDOW_MS, invitationRetryDelayMs, mailInvitations } from "@/lib/domain/shares/invitations";
import { expectConsoleError, expectConsoleWarn } from "../../../console";
import { queuedJobs, waitingJobs } from "../../../db-utils";
import { runDue } from "../../../jobs-utils";
import { TEST_ORIGIN } from "../../../factories";
import { createLink, patchLink, signedInOwner } from "./share-route-calls";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());

/**
 * The mail transport as the tests set it: addresses it refuses, and a look taken just before each invitation goes
 * (the real outbox otherwise).
 */
const mockTransport: { refused: Set<string>; beforeInvitation?: (message: EmailMessage) => Promise<void> } = { refused: new Set() };
jest.mock("@/lib/platform/email", () => {
  const actual = jest.requireActual("@/lib/platform/email");
  return {
    ...actual,
    sendEmail: async (message: EmailMessage) => {
      if (message.subject.includes("shared")) await mockTransport.beforeInvitation?.(message);
      if (mockTransport.refused.has(message.to)) throw new Error(`the mail service refused ${message.to}`);
      return actual.sendEmail(message);
    },
  };
});

beforeEach(() => {
  mockTransport.refused = new Set();
  mockTransport.beforeInvitation = undefined;
});

const INVITATION = /shared "Kettle" with you on IdeaVault$/;
const invitationsTo = async () => (await listOutbox(500)).filter((m) => INVITATION.test(m.subject)).map((m) => m.to).sort();
const NONE = { sent: 0, skipped: 0, failed: 0 };
const runInvitationJobs = () => runDue("invitations", NONE, { makeDue: true });

describe("POST /api/shares: invitations once the link is committed", () => {
  it("keeps a link some addresses were told about, names the others, and a job delivers them once the mail service works", async () => {
    const { owner, idea } = await signedInOwner();
    mockTransport.refused.add("bob@example.com");
    const before = Date.now();
    const created = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: ["ada@example.com", "bob@example.com", "carol@example.com"] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ recipientEmails: ["ada@example.com", "bob@example.com", "carol@example.com"], revokedAt: null, invitationsPending: ["bob@example.com"] });
    // The link stays, and the two addresses that could be mailed were, before the answer.
    expect(await db.share.findUniqueOrThrow({ where: { id: created.body.id } })).toMatchObject({ revokedAt: null, createdById: owner.id });
    expect(await invitationsTo()).toEqual(["ada@example.com", "carol@example.com"]);

    // Bob's invitation is a job, due a minute later.
    const [job] = await waitingJobs("invitations");
    expect(job.data).toEqual({ shareId: created.body.id, email: "bob@example.com", origin: TEST_ORIGIN, attempt: 1 });
    expect(job.startAfter.getTime()).toBeGreaterThanOrEqual(before + invitationRetryDelayMs(1) - 1000);

    // Still refused: the next try is queued, later.
    expectConsoleWarn(/invitation to bob@example\.com .* could not be sent; it is tried again later/);
    expect(await runInvitationJobs()).toEqual({ ...NONE, failed: 1 });
    expect((await waitingJobs("invitations")).map((j) => j.data)).toEqual([expect.objectContaining({ email: "bob@example.com", attempt: 2 })]);
    expect(await invitationsTo()).toEqual(["ada@example.com", "carol@example.com"]);

    // The service works again: Bob is invited, once, with the same link.
    mockTransport.refused.clear();
    expect(await runInvitationJobs()).toEqual({ ...NONE, sent: 1 });
    expect(await invitationsTo()).toEqual(["ada@example.com", "bob@example.com", "carol@example.com"]);
    const mail = (await listOutbox(500)).find((m) => m.to === "bob@example.com" && INVITATION.test(m.subject));
    expect(mail?.text).toContain(created.body.accessLink);
    expect(await waitingJobs("invitations")).toEqual([]);
  });

  it("has every address's job committed before the first mail is tried, so a process that stops there still invites them", async () => {
    const { idea } = await signedInOwner();
    const queuedWhileMailing: string[][] = [];
    mockTransport.beforeInvitation = async () => {
      // Read on another connection: what a crash at this moment would leave behind.
      queuedWhileMailing.push((await waitingJobs("invitations")).map((j) => (j.data as { email: string }).email).sort());
    };
    const created = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: ["ada@example.com", "bob@example.com"] });
    expect(created).toMatchObject({ status: 201, body: { invitationsPending: [] } });
    expect(queuedWhileMailing[0]).toEqual(["ada@example.com", "bob@example.com"]);
    // Both mails went: their stand-in jobs are gone, and nobody is invited twice.
    expect(await queuedJobs("invitations")).toEqual([]);

    // The same on a change that adds an address.
    queuedWhileMailing.length = 0;
    await patchLink(created.body.id, { recipientEmails: ["ada@example.com", "bob@example.com", "carol@example.com"] });
    expect(queuedWhileMailing).toEqual([["carol@example.com"]]);
    expect(await queuedJobs("invitations")).toEqual([]);
    expect(await invitationsTo()).toEqual(["ada@example.com", "bob@example.com", "carol@example.com"]);
  });

  it("claims each address's job while its mail is being sent, so a slow mail service does not let a worker invite it twice", async () => {
    const { idea } = await signedInOwner();
    const seenWhileMailing: { email: string; dueInMs: number }[] = [];
    const workerRunsWhileMailing: unknown[] = [];
    mockTransport.beforeInvitation = async (message) => {
      const [job] = await waitingJobs("invitations", { email: message.to });
      seenWhileMailing.push({ email: message.to, dueInMs: job.startAfter.getTime() - Date.now() });
      workerRunsWhileMailing.push(await runDue("invitations", NONE));
    };
    mockTransport.refused.add("bob@example.com");
    const created = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: ["ada@example.com", "bob@example.com"] });
    expect(created.body.invitationsPending).toEqual(["bob@example.com"]);
    // While the request mailed, each address's job waited out the request's window (not the minute it was queued with).
    expect(seenWhileMailing.map((s) => s.email).sort()).toEqual(["ada@example.com", "bob@example.com"]);
    for (const { dueInMs } of seenWhileMailing) {
      expect(dueInMs).toBeGreaterThan(invitationRetryDelayMs(1) + 5 * 60_000);
      expect(dueInMs).toBeLessThanOrEqual(REQUEST_MAILING_WINDOW_MS);
    }
    expect(workerRunsWhileMailing).toEqual([NONE, NONE]);
    // Afterwards Ada's job is gone and Bob's is his first retry, a minute away.
    const [job] = await waitingJobs("invitations");
    expect(job.data).toMatchObject({ email: "bob@example.com", attempt: 1 });
    expect(job.startAfter.getTime() - Date.now()).toBeLessThanOrEqual(invitationRetryDelayMs(1));
    expect(await queuedJobs("invitations")).toHaveLength(1);
  });

  it("leaves an address whose job a worker has already started to that worker, and names it pending", async () => {
    const { idea } = await signedInOwner();
    const created = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: ["ada@example.com"] });
    const share = await db.share.findUniqueOrThrow({ where: { id: created.body.id } });
    // As if the request had been held up past the minute: the worker took Bob's job before the request got to him.
    await enqueue("invitations", { shareId: share.id, email: "bob@example.com", origin: TEST_ORIGIN, attempt: 1 });
    await db.$executeRawUnsafe(`UPDATE ${JOB_SCHEMA}.job SET state = 'active', started_on = now() WHERE name = $1`, "invitations");
    const { failures, pending } = await mailInvitations(share, { title: "Kettle" }, ["bob@example.com"], TEST_ORIGIN);
    expect(failures).toEqual([]);
    expect(pending).toEqual(["bob@example.com"]);
    // The request sent Bob nothing (the worker does), and left the worker's job as it was.
    expect(await invitationsTo()).toEqual(["ada@example.com"]);
    expect((await queuedJobs("invitations")).map((j) => j.state)).toEqual(["active"]);
  });

  it("does not name pending an address whose job a worker has already finished, unless its mail failed there", async () => {
    const { idea } = await signedInOwner();
    const created = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: ["ada@example.com"] });
    const share = await db.share.findUniqueOrThrow({ where: { id: created.body.id } });
    // As if the request had been held up for minutes: a worker ran both stand-in jobs. Bob's mail went; Cleo's failed,
    // so her job queued the next try as it completed.
    await enqueue("invitations", { shareId: share.id, email: "bob@example.com", origin: TEST_ORIGIN, attempt: 1 });
    await enqueue("invitations", { shareId: share.id, email: "cleo@example.com", origin: TEST_ORIGIN, attempt: 1 });
    await db.$executeRawUnsafe(`UPDATE ${JOB_SCHEMA}.job SET state = 'completed', started_on = now(), completed_on = now() WHERE name = $1`, "invitations");
    await enqueue("invitations", { shareId: share.id, email: "cleo@example.com", origin: TEST_ORIGIN, attempt: 2 }, { startAfter: new Date(Date.now() + invitationRetryDelayMs(2)) });
    const { failures, pending } = await mailInvitations(share, { title: "Kettle" }, ["bob@example.com", "cleo@example.com"], TEST_ORIGIN);
    expect(failures).toEqual([]);
    expect(pending).toEqual(["cleo@example.com"]);
    expect(await invitationsTo()).toEqual(["ada@example.com"]);
  });

  it("when the process stopped before mailing, the queued job invites the address a minute later", async () => {
    const { idea } = await signedInOwner();
    mockTransport.refused.add("ada@example.com");
    const created = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: ["ada@example.com", "bob@example.com"] });
    expect(created.body.invitationsPending).toEqual(["ada@example.com"]);
    // As if the request had stopped before Bob's mail: his stand-in job is still there (put back as the request queued it).
    await db.$executeRawUnsafe(`DELETE FROM ${JOB_SCHEMA}.job WHERE name = $1`, "invitations");
    await enqueue("invitations", { shareId: created.body.id, email: "bob@example.com", origin: TEST_ORIGIN, attempt: 1 });
    mockTransport.refused.clear();
    expect(await runInvitationJobs()).toEqual({ ...NONE, sent: 1 });
    expect(await invitationsTo()).toEqual(["bob@example.com", "bob@example.com"]);
  });

  it("answers an empty `invitationsPending` when every invitation went, and for links without addresses", async () => {
    const { idea } = await signedInOwner();
    const mailed = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: ["ada@example.com", "bob@example.com"] });
    expect(mailed).toMatchObject({ status: 201, body: { invitationsPending: [] } });
    const open = await createLink({ ideaId: idea.id, shareType: "full-access" });
    expect(open).toMatchObject({ status: 201, body: { invitationsPending: [] } });
    expect(await queuedJobs("invitations")).toEqual([]);
  });

  it.each([
    ["its single address", ["ada@example.com"]],
    ["every one of its addresses", ["ada@example.com", "bob@example.com"]],
  ])("when no invitation could be sent to %s, keeps no link and answers the error as before", async (_name, addresses) => {
    const { idea } = await signedInOwner();
    for (const a of addresses) mockTransport.refused.add(a);
    expectConsoleError(/\[api\] unexpected error/);
    const res = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: addresses });
    expect(res).toEqual({ status: 500, body: { success: false, error: "Internal server error" } });
    expect(await db.share.count()).toBe(0);
    expect(await invitationsTo()).toEqual([]);
    expect(await queuedJobs("invitations")).toEqual([]);
  });
});

describe("PATCH /api/shares/{id}: invitations to added addresses", () => {
  it("sends them only once the change is committed: the link's row is not locked and the new list is visible meanwhile", async () => {
    const { idea } = await signedInOwner();
    const { body: link } = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: ["ada@example.com"] });
    const seen: { to: string; lockFree: boolean; listed: string[] }[] = [];
    mockTransport.beforeInvitation = async (message) => {
      // Another connection: a row lock still held by the change's transaction refuses NOWAIT at once.
      const lockFree = await db.$transaction(async (tx) => {
        try {
          await tx.$queryRaw`SELECT "id" FROM "Share" WHERE "id" = ${link.id} FOR UPDATE NOWAIT`;
          return true;
        } catch {
          return false;
        }
      });
      const { recipientEmails } = await db.share.findUniqueOrThrow({ where: { id: link.id }, select: { recipientEmails: true } });
      seen.push({ to: message.to, lockFree, listed: recipientEmails });
    };
    const patched = await patchLink(link.id, { recipientEmails: ["ada@example.com", "bob@example.com"] });
    expect(patched).toEqual({ status: 200, body: expect.objectContaining({ recipientEmails: ["ada@example.com", "bob@example.com"], invitationsPending: [] }) });
    expect(seen).toEqual([{ to: "bob@example.com", lockFree: true, listed: ["ada@example.com", "bob@example.com"] }]);
    expect(await invitationsTo()).toEqual(["ada@example.com", "bob@example.com"]);
  });

  it("keeps the change when an added address's mail fails, names it, and queues its retry", async () => {
    const { idea } = await signedInOwner();
    const { body: link } = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: ["ada@example.com"] });
    mockTransport.refused.add("carol@example.com");
    const patched = await patchLink(link.id, { recipientEmails: ["ada@example.com", "bob@example.com", "carol@example.com"], name: "Investors" });
    expect(patched).toEqual({ status: 200, body: expect.objectContaining({ name: "Investors", recipientEmails: ["ada@example.com", "bob@example.com", "carol@example.com"], invitationsPending: ["carol@example.com"] }) });
    expect(await db.share.findUniqueOrThrow({ where: { id: link.id } })).toMatchObject({ name: "Investors", recipientEmails: ["ada@example.com", "bob@example.com", "carol@example.com"] });
    expect((await db.shareChange.findFirstOrThrow({ where: { shareId: link.id } })).summary).toBe("invited bob@example.com, carol@example.com; name: 'Investors'");
    expect(await invitationsTo()).toEqual(["ada@example.com", "bob@example.com"]);
    expect((await waitingJobs("invitations")).map((j) => j.data)).toEqual([{ shareId: link.id, email: "carol@example.com", origin: TEST_ORIGIN, attempt: 1 }]);

    mockTransport.refused.clear();
    expect(await runInvitationJobs()).toEqual({ ...NONE, sent: 1 });
    expect(await invitationsTo()).toEqual(["ada@example.com", "bob@example.com", "carol@example.com"]);
  });
});

describe("the invitations job", () => {
  /** A link to Ada (mailed) and Bob (refused, so queued). */
  async function linkWithBobPending() {
    const { owner, idea } = await signedInOwner();
    mockTransport.refused.add("bob@example.com");
    const { body: link } = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: ["ada@example.com", "bob@example.com"] });
    expect(link.invitationsPending).toEqual(["bob@example.com"]);
    mockTransport.refused.clear();
    return { owner, link };
  }

  it("sends nothing to an address taken off the link meanwhile", async () => {
    const { link } = await linkWithBobPending();
    await patchLink(link.id, { recipientEmails: ["ada@example.com"] });
    expect(await runInvitationJobs()).toEqual({ ...NONE, skipped: 1 });
    expect(await invitationsTo()).toEqual(["ada@example.com"]);
    expect(await waitingJobs("invitations")).toEqual([]);
  });

  it("sends nothing once the link is revoked or expired", async () => {
    const { owner, link } = await linkWithBobPending();
    await revokeShare(owner.id, link.id);
    expect(await runInvitationJobs()).toEqual({ ...NONE, skipped: 1 });

    const second = await linkWithBobPending();
    await db.share.update({ where: { id: second.link.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await runInvitationJobs()).toEqual({ ...NONE, skipped: 1 });
    expect(await invitationsTo()).toEqual(["ada@example.com", "ada@example.com"]);
  });

  it("logs and gives up after its last try, and tells the owner once", async () => {
    const { owner, link } = await linkWithBobPending();
    await db.$executeRawUnsafe(`DELETE FROM ${JOB_SCHEMA}.job WHERE name = $1`, "invitations");
    mockTransport.refused.add("bob@example.com");
    await enqueue("invitations", { shareId: link.id, email: "bob@example.com", origin: TEST_ORIGIN, attempt: INVITATION_RETRIES });
    expectConsoleError(/invitation to bob@example\.com .* is given up after 6 tries/);
    expect(await runInvitationJobs()).toEqual({ ...NONE, failed: 1 });
    expect(await waitingJobs("invitations")).toEqual([]);
    expect(await invitationsTo()).toEqual(["ada@example.com"]);

    const told = (await listOutbox(500)).filter((m) => m.subject === "Your invitation to bob@example.com could not be delivered");
    expect(told).toHaveLength(1);
    expect(told[0].to).toBe(owner.email);
    expect(told[0].text).toContain('We could not deliver the invitation of your e-mail link for ada@example.com and bob@example.com to bob@example.com. The link shares the idea "Kettle".');
    expect(told[0].text).toContain("The mail was tried 6 times over about 6 hours, and we have stopped trying.");
    expect(told[0].text).toContain(`${TEST_ORIGIN}/share/${link.ideaId}`);
  });
});
