import { db } from "@/lib/platform/db";
import { errorToResponse, NotFoundError } from "@/lib/platform/http/errors";
import { addComment, listComments } from "@/lib/domain/comments";
import { addOwnerReply } from "@/lib/domain/comments/replies";
import { COMMENT_MAX_CHARS, MESSAGES } from "@/lib/domain/validation/sharing";
import { UNSAFE_TEXT_MESSAGE } from "@/lib/domain/validation/text";
import { listOutbox } from "@/lib/platform/email/outbox";
import { TEST_ORIGIN, agreedRecipient, createDraft, createShare, createUser } from "../../../factories";

async function setup() {
  const owner = await createUser({ name: "Ada Lovelace" });
  const idea = await createDraft(owner.id);
  const share = await createShare(owner.id, idea.id);
  const r = await agreedRecipient(share, { name: "Grace Hopper" });
  const comment = await addComment({ content: "Who builds it?" }, r.secrets);
  return { owner, idea, share, r, comment };
}

describe("owner replies", () => {
  it("stores the owner's answer under the comment, as the owner, for the same recipient", async () => {
    const { owner, idea, r, comment } = await setup();
    const reply = await addOwnerReply(owner.id, comment.id, { content: "  We do.  " });
    expect(reply).toEqual({
      id: expect.any(String),
      recipientId: r.id,
      author: "Ada Lovelace",
      content: "We do.",
      createdAt: expect.any(Date),
      authorRole: "owner",
      parentId: comment.id,
      room: null,
      anchor: null,
    });
    expect(await db.comment.findUniqueOrThrow({ where: { id: reply.id } })).toMatchObject({ ideaId: idea.id, authorRole: "owner" });
  });

  it("the recipient sees the reply in its own list; the owner sees everything", async () => {
    const { owner, idea, share, r, comment } = await setup();
    const reply = await addOwnerReply(owner.id, comment.id, { content: "We do." });
    const mine = await listComments({ ideaId: idea.id, secrets: r.secrets });
    expect(mine.map((c) => [c.id, c.authorRole, c.parentId])).toEqual([
      [comment.id, "recipient", null],
      [reply.id, "owner", comment.id],
    ]);
    // Another recipient of another link does not see it.
    const other = await agreedRecipient(await createShare(owner.id, idea.id));
    expect(await listComments({ ideaId: idea.id, secrets: other.secrets })).toEqual([]);
    // Another recipient of the same link does (the link's panel is shared).
    const sameLink = await agreedRecipient(share);
    expect((await listComments({ ideaId: idea.id, secrets: sameLink.secrets })).map((c) => c.id)).toEqual([comment.id, reply.id]);
    expect((await listComments({ ideaId: idea.id, userId: owner.id, secrets: [] })).map((c) => c.id)).toEqual([comment.id, reply.id]);
  });

  it("answering a reply attaches to the thread's first comment", async () => {
    const { owner, comment } = await setup();
    const first = await addOwnerReply(owner.id, comment.id, { content: "One" });
    const second = await addOwnerReply(owner.id, first.id, { content: "Two" });
    expect(second.parentId).toBe(comment.id);
  });

  it("is the owner's alone: another creator, an unknown or silly id are 404s and store nothing", async () => {
    const { comment } = await setup();
    const stranger = await createUser();
    await expect(addOwnerReply(stranger.id, comment.id, { content: "Mine now" })).rejects.toBeInstanceOf(NotFoundError);
    await expect(addOwnerReply(stranger.id, "c000000000000000000000000", { content: "x" })).rejects.toMatchObject({ status: 404 });
    await expect(addOwnerReply(stranger.id, "x".repeat(1000), { content: "x" })).rejects.toMatchObject({ status: 404 });
    expect(await db.comment.count()).toBe(1);
  });

  it("refuses blank, over-long and unsafe content with a 400", async () => {
    const { owner, comment } = await setup();
    const cases: [string, string][] = [
      ["", MESSAGES.commentEmpty],
      ["  \n ", MESSAGES.commentEmpty],
      ["x".repeat(COMMENT_MAX_CHARS + 1), MESSAGES.commentTooLong],
      ["bad\u0000byte", UNSAFE_TEXT_MESSAGE],
    ];
    for (const [content, message] of cases) {
      const res = errorToResponse(await addOwnerReply(owner.id, comment.id, { content }).catch((e: unknown) => e));
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(message);
    }
    expect(await db.comment.count()).toBe(1);
    await expect(addOwnerReply(owner.id, comment.id, { content: "y".repeat(COMMENT_MAX_CHARS) })).resolves.toMatchObject({ authorRole: "owner" });
  });

  // The per-owner limit is the route's: tests/app/api/route-limits.test.ts.
});

describe("owner reply e-mail", () => {
  const REPLY_SUBJECT = /replied to your comment/;
  const mailsTo = async (to: string) => (await listOutbox(500)).filter((m) => m.to === to && REPLY_SUBJECT.test(m.subject));

  it("mails the recipient of an e-mail link, whose address a code proved, a link back to the document", async () => {
    const owner = await createUser({ name: "Ada Lovelace" });
    const idea = await createDraft(owner.id, { title: "Solar Kettle" });
    const share = await createShare(owner.id, idea.id, { shareType: "email", recipientEmail: "grace-reply@example.com" });
    const r = await agreedRecipient(share, { name: "Grace Hopper" });
    const comment = await addComment({ content: "Who builds it?" }, r.secrets);
    await addOwnerReply(owner.id, comment.id, { content: "We do, in Lisbon." });
    const mails = await mailsTo("grace-reply@example.com");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe('Ada Lovelace replied to your comment on "Solar Kettle"');
    const link = `${TEST_ORIGIN}/view/${share.accessLink}`;
    expect(mail.text).toContain("We do, in Lisbon.");
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
  });

  it("is signed by the owner's brand: the reply's author, the mail's subject, From and Reply-To", async () => {
    const owner = await createUser({ name: "Ada Lovelace", email: "ada-reply@example.com" });
    await db.user.update({ where: { id: owner.id }, data: { brandName: "Acme Labs", brandAccent: "#ffe066" } });
    const idea = await createDraft(owner.id, { title: "Solar Kettle" });
    const share = await createShare(owner.id, idea.id, { shareType: "email", recipientEmail: "grace-brand@example.com" });
    const r = await agreedRecipient(share, { name: "Grace Hopper" });
    const comment = await addComment({ content: "Who builds it?" }, r.secrets);
    expect(await addOwnerReply(owner.id, comment.id, { content: "We do." })).toMatchObject({ author: "Acme Labs", authorRole: "owner" });
    const [mail] = await mailsTo("grace-brand@example.com");
    expect(mail.subject).toBe('Acme Labs replied to your comment on "Solar Kettle"');
    expect(mail.from).toMatch(/^"Acme Labs via IdeaVault" </);
    expect(mail.replyTo).toBe("ada-reply@example.com");
    expect(mail.text).not.toContain("Ada Lovelace");
  });

  it("mails nobody whose address was not proven by a code", async () => {
    const { owner, r, comment } = await setup();
    expect(r.email).toBeTruthy();
    await addOwnerReply(owner.id, comment.id, { content: "We do." });
    expect(await mailsTo(r.email)).toEqual([]);

    // An e-mail link's recipient who never confirmed the code (set up by hand: it could not comment otherwise).
    const idea = await createDraft(owner.id);
    const share = await createShare(owner.id, idea.id, { shareType: "email", recipientEmail: "unproven@example.com" });
    const v = await agreedRecipient(share);
    const c = await addComment({ content: "Hello" }, v.secrets);
    await db.recipient.update({ where: { id: v.id }, data: { emailVerifiedAt: null } });
    await addOwnerReply(owner.id, c.id, { content: "Hi" });
    expect(await mailsTo("unproven@example.com")).toEqual([]);
  });
});
