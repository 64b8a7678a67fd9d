import { db } from "@/lib/platform/db";
import { GET as ideaRecipientsRoute } from "@/app/api/ideas/[id]/recipients/route";
import { GET as linkRecipientsRoute } from "@/app/api/shares/[id]/recipients/route";
import { listIdeaRecipients } from "@/lib/domain/shares/recipient-evidence";
import { TEST_ORIGIN, agreedRecipient, createDraft, createRecipient, createShare, createUser } from "../../factories";
import { recordQueries } from "../../query-count";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/**
 * GET /api/ideas/{id}/recipients: every live link's recipients of an idea in one answer (what the share screen polls),
 * each list exactly as GET /api/shares/{id}/recipients gives it.
 */

type User = { id: string; name: string; email: string };
const asOwner = (u: User) => Object.assign(routeSession, { user: { ...u, profileImage: null }, secrets: [], passcodes: {} });

async function ideaRecipients(ideaId: number | string) {
  const res = await ideaRecipientsRoute(new Request(`${TEST_ORIGIN}/api/ideas/${ideaId}/recipients`, { headers: { origin: TEST_ORIGIN } }), {
    params: Promise.resolve({ id: String(ideaId) }),
  });
  return { status: res.status, body: await res.json() };
}

async function linkRecipients(shareId: string) {
  const res = await linkRecipientsRoute(new Request(`${TEST_ORIGIN}/api/shares/${shareId}/recipients`, { headers: { origin: TEST_ORIGIN } }), {
    params: Promise.resolve({ id: shareId }),
  });
  return res.json();
}

async function setup() {
  const owner = await createUser({ name: "Fiona Founder" });
  const idea = await createDraft(owner.id, { title: "Deck" });
  const busy = await createShare(owner.id, idea.id);
  const quiet = await createShare(owner.id, idea.id);
  const revoked = await createShare(owner.id, idea.id);
  const grace = await agreedRecipient(busy, { name: "Grace Hopper", email: "grace@example.com" });
  await createRecipient(busy, { name: "Alan Turing", email: "alan@example.com" });
  await agreedRecipient(revoked, { name: "Ada Lovelace", email: "ada@example.com" });
  await db.viewEvent.create({ data: { shareId: busy.id, ideaId: idea.id, recipientId: grace.id, ip: "198.51.100.1", userAgent: null, engagementMs: 4_000, pageCount: 3 } });
  await db.share.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
  // Another idea's link is not this idea's.
  const other = await createShare(owner.id, (await createDraft(owner.id)).id);
  await createRecipient(other, { name: "Olga Other", email: "olga@example.com" });
  asOwner(owner);
  return { owner, idea, busy, quiet, revoked, other };
}

describe("GET /api/ideas/{id}/recipients", () => {
  it("answers each live link's recipients by link id, each list as the link's own GET gives it", async () => {
    const { idea, busy, quiet } = await setup();
    const { status, body } = await ideaRecipients(idea.id);
    expect(status).toBe(200);
    // A revoked link's list is final and not here; a link without recipients has an empty list.
    expect(Object.keys(body).sort()).toEqual([busy.id, quiet.id].sort());
    expect(body[quiet.id]).toEqual([]);
    expect(body[busy.id].map((r: { name: string }) => r.name)).toEqual(["Alan Turing", "Grace Hopper"]);
    expect(body[busy.id]).toEqual(await linkRecipients(busy.id));
    expect(body[busy.id][1].views).toHaveLength(1);
  });

  it("answers an empty object for an idea without live links", async () => {
    const { owner } = await setup();
    const lonely = await createDraft(owner.id);
    expect(await ideaRecipients(lonely.id)).toEqual({ status: 200, body: {} });
  });

  it("costs the same statements for one link or twelve", async () => {
    const { owner, idea } = await setup();
    const few = await recordQueries(() => listIdeaRecipients(owner.id, idea.id));
    for (let i = 0; i < 10; i++) {
      const link = await createShare(owner.id, idea.id);
      await agreedRecipient(link, { name: `Reader ${i}`, email: `reader-${i}@example.com` });
    }
    const many = await recordQueries(() => listIdeaRecipients(owner.id, idea.id));
    expect(Object.keys(many.result)).toHaveLength(12);
    expect(many.queries.length).toBe(few.queries.length);
    expect(many.queries.length).toBeLessThanOrEqual(3);
  });

  it("answers 404 'Idea not found' for another owner's idea or a malformed id, and 401 without a session", async () => {
    const { idea } = await setup();
    expect((await ideaRecipients("12abc")).status).toBe(404);
    asOwner(await createUser({ name: "Somebody Else" }));
    const res = await ideaRecipients(idea.id);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("Idea not found");
    Object.assign(routeSession, { user: null });
    expect((await ideaRecipients(idea.id)).status).toBe(401);
  });
});
