import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { listOutbox, type OutboxEntry } from "@/lib/platform/email/outbox";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { addComment } from "@/lib/domain/comments";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { notifyCommentAdded } from "@/lib/domain/notifications";
import { MAX_ATTEMPTS, retryDelayMs } from "@/lib/domain/notifications/queue";
import { updateNotificationSettings } from "@/lib/domain/notifications/settings";
import { allowConsoleError, makeJobsDue, waitingJobs } from "../../../db-utils";
import { runDue } from "../../../jobs-utils";
import { TEST_CLIENT, TEST_ORIGIN, agreedRecipient as agreedRecipientUnsent, createDraft, createRecipient, createShare, createUser } from "../../../factories";

const NDA_SUBJECT = /accepted the NDA/;
const VIEW_SUBJECT = /^.+ opened "/;
const COMMENT_SUBJECT = /^New comment from /;

/**
 * The owner-mail job, run as if every queued burst's window had closed (agreement and first view are mailed by it,
 * one mail per burst: tests/lib/domain/notifications/bursts.test.ts), then the mails to `to`.
 */
async function mailsTo(to: string, subject?: RegExp): Promise<OutboxEntry[]> {
  await runBursts();
  return (await listOutbox(500)).filter((m) => m.to === to && (!subject || subject.test(m.subject)));
}

/** A recipient who accepted, with the agreement's mail sent: what follows is a burst of its own. */
async function agreedRecipient(...args: Parameters<typeof agreedRecipientUnsent>) {
  const r = await agreedRecipientUnsent(...args);
  await runBursts();
  return r;
}

/** Runs the burst jobs (`due`: every waiting one, its time having come). */
function runBursts(opts: { due?: boolean } = { due: true }) {
  return runDue("owner-mail", { mailed: 0, skipped: 0, failed: 0 }, { makeDue: opts.due });
}

async function setup(ownerName = "Ada Lovelace") {
  const owner = await createUser({ name: ownerName });
  const idea = await createDraft(owner.id, { title: "Solar Kettle" });
  const share = await createShare(owner.id, idea.id);
  return { owner, idea, share, shareScreen: `${TEST_ORIGIN}/share/${idea.id}` };
}

function expectShareScreenLink(mail: OutboxEntry, url: string) {
  expect(mail.text).toContain(url);
  expect(mail.html).toContain(`href="${url}"`);
  expect(mail.html).toMatch(/^<!DOCTYPE html/i);
}

/** Blocks the outbox (a file where its directory should be), so every mail fails until unblock(). */
function blockOutbox() {
  const dir = path.join(getEnv().dataDir, "outbox");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.writeFileSync(dir, "not a directory");
  return () => fs.rmSync(dir, { force: true });
}

describe("owner notifications", () => {
  describe("NDA accepted", () => {
    it("mails the owner once, with who, which idea and link, when, and the share-screen link", async () => {
      const { owner, share, shareScreen } = await setup();
      const r = await agreedRecipient(share, { name: "Grace Hopper", email: "grace@example.com" });
      await acceptNda(r.id, r.secrets, TEST_CLIENT); // again: nothing new
      const mails = await mailsTo(owner.email, NDA_SUBJECT);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail.subject).toBe('Grace Hopper accepted the NDA for "Solar Kettle"');
      expect(mail.text).toContain(`Grace Hopper (grace@example.com) accepted the confidentiality agreement for the idea "Solar Kettle".`);
      const acceptance = await db.ndaAcceptance.findFirstOrThrow({ where: { recipientId: r.id } });
      expect(mail.text).toContain(`Accepted on ${acceptance.acceptedAt.toISOString().slice(0, 16).replace("T", " ")} UTC through your full-access link of`);
      expectShareScreenLink(mail, shareScreen);
    });

    it("two simultaneous acceptances by one recipient send one mail", async () => {
      const { owner, share } = await setup();
      const r = await createRecipient(share);
      await Promise.all([acceptNda(r.id, r.secrets, TEST_CLIENT), acceptNda(r.id, r.secrets, TEST_CLIENT)]);
      expect(await mailsTo(owner.email, NDA_SUBJECT)).toHaveLength(1);
    });

    it("names the e-mail link by its address", async () => {
      const owner = await createUser();
      const idea = await createDraft(owner.id);
      const share = await createShare(owner.id, idea.id, { shareType: "email", recipientEmail: "invitee@example.com" });
      await agreedRecipient(share);
      const [mail] = await mailsTo(owner.email, NDA_SUBJECT);
      expect(mail.text).toContain("through your e-mail link for invitee@example.com.");
    });
  });

  describe("first view", () => {
    it("mails once per recipient, not per reload or later view", async () => {
      const { owner, share, shareScreen } = await setup();
      const r = await agreedRecipient(share, { name: "Grace Hopper", email: "grace@example.com" });
      expect(await mailsTo(owner.email, VIEW_SUBJECT)).toHaveLength(0); // accepting is not viewing
      await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
      await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT); // a reload inside the view window
      // A later view, after the window: consumes a new view, still no second mail.
      await db.recipient.update({ where: { id: r.id }, data: { viewWindowEndsAt: new Date(Date.now() - 1000) } });
      await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
      expect(await db.viewEvent.count({ where: { recipientId: r.id } })).toBe(2);

      const mails = await mailsTo(owner.email, VIEW_SUBJECT);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('Grace Hopper opened "Solar Kettle"');
      expect(mails[0].text).toContain(`Grace Hopper (grace@example.com) opened the idea "Solar Kettle" for the first time.`);
      expectShareScreenLink(mails[0], shareScreen);
      expect(await db.recipient.findUniqueOrThrow({ where: { id: r.id } })).toMatchObject({ firstViewNotifiedAt: expect.any(Date) });

      // Another recipient's first view is news again.
      const other = await agreedRecipient(share, { name: "Alan Turing", email: "alan@example.com" });
      await getSharedIdea(share.accessLink, other.secrets, TEST_CLIENT);
      expect((await mailsTo(owner.email, VIEW_SUBJECT)).map((m) => m.subject).sort()).toEqual(['Alan Turing opened "Solar Kettle"', 'Grace Hopper opened "Solar Kettle"']);
    });

    it("two concurrent first views by one recipient send one mail", async () => {
      const { owner, share } = await setup();
      const r = await agreedRecipient(share);
      const results = await Promise.all(Array.from({ length: 4 }, () => getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT)));
      expect(results.every((res) => res.idea.content === "<p>Secret plan</p>")).toBe(true);
      expect(await mailsTo(owner.email, VIEW_SUBJECT)).toHaveLength(1);
    });

    it("a view without the agreement (title only) is not a view", async () => {
      const { owner, share } = await setup();
      const r = await createRecipient(share);
      await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
      expect(await mailsTo(owner.email, VIEW_SUBJECT)).toHaveLength(0);
    });

    it("a mail that fails is tried again by a later run, and the view never waits for it", async () => {
      const { owner, share } = await setup();
      const r = await agreedRecipient(share);
      const res = await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
      expect(res.idea.content).toBe("<p>Secret plan</p>");
      const unblock = blockOutbox();
      allowConsoleError(); // the job logs the failed mail
      const errors = jest.spyOn(console, "error").mockImplementation(() => {});
      const from = Date.now();
      try {
        expect(await runBursts()).toEqual({ mailed: 0, skipped: 0, failed: 1 });
        expect(errors).toHaveBeenCalledWith(expect.stringContaining("an owner mail could not be sent"), expect.anything());
      } finally {
        errors.mockRestore();
        unblock();
      }
      const [event] = await db.ownerNotification.findMany({ where: { recipientId: r.id, kind: "firstView" } });
      expect(event).toMatchObject({ doneAt: null, attempts: 1, lastError: expect.any(String) });
      // Its retry is a job, due after the first delay; not before its time, then once.
      const [retry] = await waitingJobs("owner-mail");
      expect(retry.startAfter.getTime()).toBeGreaterThanOrEqual(from + retryDelayMs(1));
      expect(retry.startAfter.getTime()).toBeLessThanOrEqual(Date.now() + retryDelayMs(1));
      expect(await runBursts({ due: false })).toEqual({ mailed: 0, skipped: 0, failed: 0 });
      await makeJobsDue("owner-mail");
      expect(await runBursts({ due: false })).toEqual({ mailed: 1, skipped: 0, failed: 0 });
      expect(await mailsTo(owner.email, VIEW_SUBJECT)).toHaveLength(1);
    });

    it("a mail that keeps failing is given up after the last attempt", async () => {
      const { owner, share } = await setup();
      const r = await agreedRecipient(share);
      await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
      await db.ownerNotification.updateMany({ where: { recipientId: r.id, doneAt: null }, data: { attempts: MAX_ATTEMPTS - 1 } });
      const unblock = blockOutbox();
      allowConsoleError();
      const errors = jest.spyOn(console, "error").mockImplementation(() => {});
      try {
        expect(await runBursts()).toEqual({ mailed: 0, skipped: 0, failed: 1 });
      } finally {
        errors.mockRestore();
        unblock();
      }
      const [event] = await db.ownerNotification.findMany({ where: { recipientId: r.id, kind: "firstView" } });
      expect(event).toMatchObject({ doneAt: expect.any(Date), outcome: "failed", attempts: MAX_ATTEMPTS });
      expect(await waitingJobs("owner-mail")).toEqual([]);
      expect(await mailsTo(owner.email, VIEW_SUBJECT)).toHaveLength(0);
    });
  });

  describe("comments", () => {
    it("mails each comment with the author and an excerpt, and links to the share screen", async () => {
      const { owner, share, shareScreen } = await setup();
      const r = await agreedRecipient(share, { name: "Grace Hopper", email: "grace@example.com" });
      await addComment({ content: "  Could it boil   milk too?  " }, r.secrets);
      await addComment({ content: "Second thought" }, r.secrets);
      const mails = await mailsTo(owner.email, COMMENT_SUBJECT);
      expect(mails).toHaveLength(2);
      const first = mails.find((m) => m.text.includes("Could it boil"))!;
      expect(first.subject).toBe('New comment from Grace Hopper on "Solar Kettle"');
      expect(first.text).toContain(`Grace Hopper (grace@example.com) commented on the idea "Solar Kettle" on `);
      expect(first.text).toContain("“Could it boil milk too?”");
      expectShareScreenLink(first, shareScreen);
    });

    it("the owner's own replies are not announced to the owner", async () => {
      const { owner, idea, share } = await setup();
      const r = await agreedRecipient(share);
      const reply = await db.comment.create({ data: { ideaId: idea.id, recipientId: r.id, author: owner.name, content: "Thanks", authorRole: "owner" } });
      await notifyCommentAdded(reply.id);
      expect(await mailsTo(owner.email, COMMENT_SUBJECT)).toHaveLength(0);
    });
  });

  describe("switches", () => {
    it("each switched-off kind sends nothing, the others still do", async () => {
      for (const kind of ["ndaAccepted", "firstView", "comments"] as const) {
        const { owner, share } = await setup();
        await updateNotificationSettings(owner.id, { [kind]: false });
        const r = await agreedRecipient(share);
        await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
        await addComment({ content: "Hello" }, r.secrets);
        const counts = {
          ndaAccepted: (await mailsTo(owner.email, NDA_SUBJECT)).length,
          firstView: (await mailsTo(owner.email, VIEW_SUBJECT)).length,
          comments: (await mailsTo(owner.email, COMMENT_SUBJECT)).length,
        };
        expect(counts).toEqual({ ndaAccepted: 1, firstView: 1, comments: 1, [kind]: 0 });
      }
    });

    it("a first view while switched off is not announced after switching back on", async () => {
      const { owner, share } = await setup();
      await updateNotificationSettings(owner.id, { firstView: false });
      const r = await agreedRecipient(share);
      await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
      await updateNotificationSettings(owner.id, { firstView: true });
      await db.recipient.update({ where: { id: r.id }, data: { viewWindowEndsAt: new Date(Date.now() - 1000) } });
      await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
      expect(await mailsTo(owner.email, VIEW_SUBJECT)).toHaveLength(0);
    });
  });
});
