import { mockCookieJar } from "../../../recipient-cookie-jar";

jest.mock("next/headers", () => ({ cookies: async () => mockCookieJar.store() }));

import { POST as decline } from "@/app/api/recipients/[id]/decline/route";
import { PUT as acceptRoute } from "@/app/api/recipients/[id]/nda/route";
import { db } from "@/lib/platform/db";
import { listActivity } from "@/lib/domain/activity";
import { addComment, listComments } from "@/lib/domain/comments";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { createRecipient as identify } from "@/lib/domain/recipients/identify";
import { ALREADY_AGREED } from "@/lib/domain/recipients/decline";
import { recipientCookieName } from "@/lib/domain/recipients/cookies";
import { listShareRecipients } from "@/lib/domain/shares/recipient-evidence";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { TEST_CLIENT, TEST_ORIGIN, agreedRecipient, createDraft, createRecipient, createShare, createUser } from "../../../factories";

const callDecline = (id: string) =>
  decline(new Request(`${TEST_ORIGIN}/api/recipients/${id}/decline`, { method: "POST", headers: { origin: TEST_ORIGIN } }), { params: Promise.resolve({ id }) });
const callAccept = (id: string) =>
  acceptRoute(
    new Request(`${TEST_ORIGIN}/api/recipients/${id}/nda`, { method: "PUT", headers: { origin: TEST_ORIGIN, "content-type": "application/json" }, body: JSON.stringify({ agreed: true }) }),
    { params: Promise.resolve({ id }) },
  );

/** A browser that identified on a link and holds its recipient cookie. */
async function identifiedBrowser(shareType: "full-access" | "one-time" = "full-access") {
  const owner = await createUser();
  const idea = await createDraft(owner.id, { title: "Solar Kettle" });
  const share = await createShare(owner.id, idea.id, { shareType });
  const recipient = await createRecipient(share, { name: "Grace Hopper", email: "grace@example.com" });
  mockCookieJar.clear();
  mockCookieJar.cookies.set(recipientCookieName(share.id), recipient.secret);
  return { owner, idea, share, recipient };
}

describe("POST /api/recipients/{id}/decline", () => {
  afterEach(() => mockCookieJar.clear());

  it("marks the recipient declined, clears its cookie, and the link starts again at identity", async () => {
    const { owner, idea, share, recipient } = await identifiedBrowser();
    const res = await callDecline(recipient.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ declined: true });
    expect(res.headers.get("cache-control")).toBe("private, no-store");

    // The cookie is expired in the browser's jar (Max-Age 0, same name and path as when it was set).
    expect(mockCookieJar.cookies.has(recipientCookieName(share.id))).toBe(false);
    expect(mockCookieJar.writes).toEqual([{ name: recipientCookieName(share.id), value: "", options: expect.objectContaining({ maxAge: 0, path: "/", httpOnly: true }) }]);

    // The record stays, marked, as evidence.
    const row = await db.recipient.findUniqueOrThrow({ where: { id: recipient.id } });
    expect(row.declinedAt).toBeInstanceOf(Date);
    expect(row.agreedToNda).toBe(false);

    // Reopening the link: no recipient, so the screens start at identity (/collect).
    const reopened = await getSharedIdea(share.accessLink, [...mockCookieJar.cookies.values()], TEST_CLIENT);
    expect(reopened.recipient).toBeNull();
    expect(reopened.idea.content).toBeUndefined();
    // Someone else may now identify in this browser and go on normally.
    const next = await identify({ name: "Alan Turing", email: "alan@example.com", accessToken: share.accessLink }, TEST_CLIENT);
    expect((await getSharedIdea(share.accessLink, [next.secret], TEST_CLIENT)).recipient).toMatchObject({ name: "Alan Turing", agreedToNda: false });

    // The owner sees it: the recipients list and the activity timeline.
    const listed = await listShareRecipients(owner.id, share.id);
    expect(listed.find((r) => r.id === recipient.id)?.declinedAt).toEqual(row.declinedAt);
    expect(listed.find((r) => r.id === next.recipient.id)?.declinedAt).toBeNull();
    const events = (await listActivity(owner.id, idea.id)).events.filter((e) => e.type === "nda_declined");
    expect(events).toEqual([expect.objectContaining({ label: "NDA declined", at: row.declinedAt, recipient: { id: recipient.id, name: "Grace Hopper", email: "grace@example.com" } })]);
  });

  it("a declined recipient (its secret replayed) can never accept, read or comment", async () => {
    const { share, idea, recipient } = await identifiedBrowser();
    expect((await callDecline(recipient.id)).status).toBe(200);
    const replayed = recipient.secrets;
    mockCookieJar.cookies.set(recipientCookieName(share.id), recipient.secret);
    expect((await callAccept(recipient.id)).status).toBe(404);
    await expect(acceptNda(recipient.id, replayed, TEST_CLIENT)).rejects.toMatchObject({ status: 404 });
    await expect(getSharedIdea(share.accessLink, replayed, TEST_CLIENT)).rejects.toMatchObject({ status: 404 });
    await expect(listComments({ ideaId: idea.id, secrets: replayed })).rejects.toMatchObject({ status: 404 });
    await expect(addComment({ recipientId: recipient.id, content: "still here" }, replayed)).rejects.toMatchObject({ status: 404 });
    // Declining twice finds nothing left to decline.
    expect((await callDecline(recipient.id)).status).toBe(404);
    expect(await db.ndaAcceptance.count()).toBe(0);
    expect(await db.comment.count()).toBe(0);
    expect((await db.recipient.findUniqueOrThrow({ where: { id: recipient.id } })).agreedToNda).toBe(false);
  });

  it("404 for anyone else's recipient; 409 once the agreement was accepted (nothing changes)", async () => {
    const { share, recipient } = await identifiedBrowser();
    // Another browser (no cookie, or its own recipient's cookie) cannot decline for Grace.
    mockCookieJar.clear();
    expect((await callDecline(recipient.id)).status).toBe(404);
    const other = await createRecipient(share);
    mockCookieJar.cookies.set(recipientCookieName(share.id), other.secret);
    expect((await callDecline(recipient.id)).status).toBe(404);
    expect((await callDecline("%00")).status).toBe(404);
    expect((await db.recipient.findUniqueOrThrow({ where: { id: recipient.id } })).declinedAt).toBeNull();

    const agreed = await agreedRecipient(share);
    mockCookieJar.clear();
    mockCookieJar.cookies.set(recipientCookieName(share.id), agreed.secret);
    const res = await callDecline(agreed.id);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(ALREADY_AGREED);
    expect(mockCookieJar.cookies.get(recipientCookieName(share.id))).toBe(agreed.secret);
    expect((await db.recipient.findUniqueOrThrow({ where: { id: agreed.id } })).declinedAt).toBeNull();
  });

  it("a decline racing an acceptance: exactly one of them wins", async () => {
    for (let i = 0; i < 4; i++) {
      const { recipient } = await identifiedBrowser();
      const [declined, accepted] = await Promise.all([callDecline(recipient.id), callAccept(recipient.id)]);
      expect([declined.status, accepted.status].sort()).toEqual(declined.status === 200 ? [200, 404] : [200, 409]);
      const row = await db.recipient.findUniqueOrThrow({ where: { id: recipient.id } });
      expect(row.agreedToNda).toBe(row.declinedAt === null);
      expect(await db.ndaAcceptance.count({ where: { recipientId: recipient.id } })).toBe(row.agreedToNda ? 1 : 0);
    }
  });
});
