import { db } from "@/lib/platform/db";
import { errorToResponse, ForbiddenError, NotFoundError, UnauthorizedError } from "@/lib/platform/http/errors";
import { ACCEPT_FIRST, addComment, IDENTIFY_FIRST, listComments, NOT_YOUR_RECIPIENT } from "@/lib/domain/comments";
import { revokeShare } from "@/lib/domain/shares";
import { commentSchema, COMMENT_MAX_CHARS, MESSAGES } from "@/lib/domain/validation/sharing";
import { agreedRecipient, createDraft, createRecipient, createShare, createUser } from "../../../factories";

async function setup() {
  const owner = await createUser({ name: "Ada Lovelace" });
  const idea = await createDraft(owner.id);
  const share = await createShare(owner.id, idea.id);
  return { owner, idea, share };
}

describe("comments", () => {
  it("stores the recipient's own name as author, whatever the body says, with trimmed content", async () => {
    const { idea, share } = await setup();
    const r = await agreedRecipient(share, { name: "Grace Hopper" });
    const input = commentSchema.parse({ recipientId: r.id, author: "The Owner", content: "  Looks promising \n" });
    const comment = await addComment(input, r.secrets);
    expect(comment).toEqual({ id: expect.any(String), recipientId: r.id, author: "Grace Hopper", content: "Looks promising", createdAt: expect.any(Date), authorRole: "recipient", parentId: null, room: null, anchor: null });
    expect(await db.comment.findUniqueOrThrow({ where: { id: comment.id } })).toMatchObject({ ideaId: idea.id, author: "Grace Hopper" });
  });

  it("accepts 1..2000 characters after trimming (schema messages otherwise)", () => {
    expect(commentSchema.safeParse({ content: "   " }).error?.issues[0].message).toBe(MESSAGES.commentEmpty);
    expect(commentSchema.safeParse({ content: "x".repeat(COMMENT_MAX_CHARS + 1) }).error?.issues[0].message).toBe(MESSAGES.commentTooLong);
    expect(commentSchema.parse({ content: ` ${"x".repeat(COMMENT_MAX_CHARS)} ` }).content).toHaveLength(COMMENT_MAX_CHARS);
    expect(commentSchema.parse({ content: "x" }).content).toBe("x");
  });

  it("refuses blank and over-long content in the lib itself (400), whoever calls it", async () => {
    const { share } = await setup();
    const r = await agreedRecipient(share);
    for (const content of ["", " \n\t ", "x".repeat(COMMENT_MAX_CHARS + 1)]) {
      const err = await addComment({ content }, r.secrets).catch((e: unknown) => e);
      const res = errorToResponse(err);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(content.length > COMMENT_MAX_CHARS ? MESSAGES.commentTooLong : MESSAGES.commentEmpty);
    }
    expect(await db.comment.count()).toBe(0);
    await expect(addComment({ content: "y".repeat(COMMENT_MAX_CHARS) }, r.secrets)).resolves.toMatchObject({ content: "y".repeat(COMMENT_MAX_CHARS) });
  });

  it("needs a recipient session (401) that has agreed (403) on a live link (404 after revoke)", async () => {
    const { owner, idea, share } = await setup();
    await expect(listComments({ ideaId: idea.id, secrets: [] })).rejects.toMatchObject({ status: 401, message: IDENTIFY_FIRST });
    await expect(addComment({ content: "hi" }, [])).rejects.toBeInstanceOf(UnauthorizedError);
    const pending = await createRecipient(share);
    await expect(listComments({ ideaId: idea.id, secrets: pending.secrets })).rejects.toMatchObject({ status: 403, message: ACCEPT_FIRST });
    await expect(addComment({ recipientId: pending.id, content: "hi" }, pending.secrets)).rejects.toBeInstanceOf(ForbiddenError);
    expect(await db.comment.count()).toBe(0);

    const agreed = await agreedRecipient(share);
    await addComment({ content: "first" }, agreed.secrets);
    await revokeShare(owner.id, share.id);
    await expect(addComment({ content: "after revoke" }, agreed.secrets)).rejects.toBeInstanceOf(NotFoundError);
    await expect(listComments({ ideaId: idea.id, secrets: agreed.secrets })).rejects.toBeInstanceOf(NotFoundError);
    expect(await db.comment.count()).toBe(1);
  });

  it("comments only as yourself: another recipient's id is a 403", async () => {
    const { share } = await setup();
    const a = await agreedRecipient(share);
    const b = await agreedRecipient(share);
    await expect(addComment({ recipientId: b.id, content: "as b" }, a.secrets)).rejects.toMatchObject({ status: 403, message: NOT_YOUR_RECIPIENT });
    expect(await db.comment.count()).toBe(0);
  });

  it("a recipient sees the comments of its own link; the owner sees all, oldest first", async () => {
    const { owner, idea, share } = await setup();
    const otherShare = await createShare(owner.id, idea.id);
    const a = await agreedRecipient(share, { name: "Alice Able" });
    const a2 = await agreedRecipient(share, { name: "Arthur Able" });
    const b = await agreedRecipient(otherShare, { name: "Bob Baker" });
    const c1 = await addComment({ content: "one" }, a.secrets);
    const c2 = await addComment({ content: "two" }, b.secrets);
    const c3 = await addComment({ content: "three" }, a2.secrets);

    expect((await listComments({ ideaId: idea.id, secrets: a.secrets })).map((c) => c.id)).toEqual([c1.id, c3.id]);
    expect((await listComments({ ideaId: idea.id, secrets: b.secrets })).map((c) => c.id)).toEqual([c2.id]);
    // Without ideaId: the same list as for the recipient's own idea.
    expect((await listComments({ secrets: a.secrets })).map((c) => c.id)).toEqual([c1.id, c3.id]);
    expect((await listComments({ ideaId: idea.id, userId: owner.id, secrets: [] })).map((c) => c.id)).toEqual([c1.id, c2.id, c3.id]);

    // Another creator gets nothing of it.
    const stranger = await createUser();
    await expect(listComments({ ideaId: idea.id, userId: stranger.id, secrets: [] })).rejects.toBeInstanceOf(UnauthorizedError);
    // A recipient of another idea cannot read this idea's comments.
    const otherIdea = await createDraft(owner.id);
    const elsewhere = await agreedRecipient(await createShare(owner.id, otherIdea.id));
    await expect(listComments({ ideaId: idea.id, secrets: elsewhere.secrets })).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
