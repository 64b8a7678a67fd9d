import { agreedRecipient, createDraft, createPublished, createShare, createUser } from "../../factories";
import { db } from "@/lib/platform/db";
import { MESSAGES } from "@/lib/domain/validation/sharing";

// The handlers are called directly; only what needs Next's request scope (session, cookies) is replaced.
const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

import { POST as postComment } from "@/app/api/comments/route";
import { POST as postReply } from "@/app/api/comments/[id]/replies/route";
import { POST as postShare } from "@/app/api/shares/route";
import { routeSession } from "../../route-harness";

const json = (body: unknown) =>
  new Request("http://localhost/api", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const params = <P>(p: P) => ({ params: Promise.resolve(p) });

async function signIn() {
  const owner = await createUser();
  session.user = { id: owner.id, name: owner.name, email: owner.email, profileImage: null };
  return owner;
}

/** An owner with a published idea, a link and an agreed recipient whose cookie this "browser" holds. */
async function withRecipient() {
  const owner = await signIn();
  const idea = await createPublished(owner.id);
  const share = await createShare(owner.id, idea.id);
  const recipient = await agreedRecipient(share);
  session.secrets = recipient.secrets;
  return { owner, idea, share, recipient };
}

describe("ids in JSON bodies follow the same id rule as path segments", () => {
  it("POST /api/comments with a NUL or junk recipientId is a 400, nothing stored", async () => {
    await withRecipient();
    for (const recipientId of ["\u0000", "a\u0000b", "\ud800", "x".repeat(500), "../x"]) {
      const res = await postComment(json({ recipientId, content: "Hello" }), params({}));
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("Recipient not found");
    }
    expect(await db.comment.count()).toBe(0);
  });

  it("POST /api/shares with a NUL idea id is the idea's 404", async () => {
    await signIn();
    const res = await postShare(json({ ideaId: "\u0000", shareType: "full-access" }), params({}));
    expect(res.status).toBe(404);
  });
});

describe("POST /api/shares: an expiry the database cannot store", () => {
  it("refuses dates after the year 9999 with a 400 and stores nothing; 9999 itself is fine", async () => {
    const owner = await signIn();
    const idea = await createDraft(owner.id);
    for (const expiresAt of ["+275760-09-13T00:00:00Z", "+010000-01-01T00:00:00Z", "+100000-01-01T00:00:00Z"]) {
      const res = await postShare(json({ ideaId: idea.id, shareType: "time-dependent", expiresAt }), params({}));
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(MESSAGES.expiresAtTooFar);
    }
    expect(await db.share.count()).toBe(0);
    const res = await postShare(json({ ideaId: idea.id, shareType: "time-dependent", expiresAt: "9999-12-31T23:59:59Z" }), params({}));
    expect(res.status).toBe(201);
    expect((await res.json()).expiresAt).toBe("9999-12-31T23:59:59.000Z");
  });
});

describe("a comment made only of invisible characters is blank", () => {
  const INVISIBLE = ["\u200b", "\u200b\u200c\u200d", "\u2060\ufeff", " \u200b \n\u200d ", "\u00ad", "\u200e\u200f", "\u3164", "\u2800"];

  it("POST /api/comments answers the blank-comment 400 and stores nothing", async () => {
    await withRecipient();
    for (const content of INVISIBLE) {
      const res = await postComment(json({ content }), params({}));
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(MESSAGES.commentEmpty);
    }
    expect(await db.comment.count()).toBe(0);
    // Visible text next to a zero-width character is a comment.
    expect((await postComment(json({ content: "ok\u200b" }), params({}))).status).toBe(201);
  });

  it("POST /api/comments/{id}/replies answers the same for the owner", async () => {
    await withRecipient();
    const comment = await (await postComment(json({ content: "Question?" }), params({}))).json();
    for (const content of INVISIBLE) {
      const res = await postReply(json({ content }), params({ id: comment.id }));
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(MESSAGES.commentEmpty);
    }
    expect(await db.comment.count()).toBe(1);
  });
});
