import { db } from "@/lib/platform/db";
import { GET as roomRecipientsRoute } from "@/app/api/rooms/[id]/recipients/route";
import { GET as linkRecipientsRoute } from "@/app/api/shares/[id]/recipients/route";
import { listRoomRecipients } from "@/lib/domain/rooms/link-recipients";
import { TEST_ORIGIN, agreedRecipient, createPublished, createRecipient, createRoom, createRoomShare, createShare, createUser } from "../../factories";
import { recordQueries } from "../../query-count";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/**
 * GET /api/rooms/{id}/recipients: every live link's recipients of a room in one answer (what the room's page polls),
 * each list exactly as GET /api/shares/{id}/recipients gives it.
 */

type User = { id: string; name: string; email: string };
const asOwner = (u: User) => Object.assign(routeSession, { user: { ...u, profileImage: null }, secrets: [], passcodes: {} });

async function roomRecipients(roomId: string) {
  const res = await roomRecipientsRoute(new Request(`${TEST_ORIGIN}/api/rooms/${roomId}/recipients`, { headers: { origin: TEST_ORIGIN } }), {
    params: Promise.resolve({ id: roomId }),
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
  const deck = await createPublished(owner.id, { title: "Deck" });
  const room = await createRoom(owner.id, [deck.id]);
  const busy = await createRoomShare(owner.id, room.id);
  const quiet = await createRoomShare(owner.id, room.id);
  const revoked = await createRoomShare(owner.id, room.id);
  await agreedRecipient(busy, { name: "Grace Hopper", email: "grace@example.com" });
  await createRecipient(busy, { name: "Alan Turing", email: "alan@example.com" });
  await agreedRecipient(revoked, { name: "Ada Lovelace", email: "ada@example.com" });
  await db.share.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
  // A link of the room's idea itself is the idea's, not the room's.
  const ideaLink = await createShare(owner.id, deck.id);
  await createRecipient(ideaLink, { name: "Olga Other", email: "olga@example.com" });
  asOwner(owner);
  return { owner, room, busy, quiet, revoked, deck };
}

describe("GET /api/rooms/{id}/recipients", () => {
  it("answers each live link's recipients by link id, each list as the link's own GET gives it", async () => {
    const { room, busy, quiet } = await setup();
    const { status, body } = await roomRecipients(room.id);
    expect(status).toBe(200);
    // A revoked link's list is final and not here, nor the idea's own link; a link without recipients has an empty list.
    expect(Object.keys(body).sort()).toEqual([busy.id, quiet.id].sort());
    expect(body[quiet.id]).toEqual([]);
    expect(body[busy.id].map((r: { name: string }) => r.name)).toEqual(["Alan Turing", "Grace Hopper"]);
    expect(body[busy.id]).toEqual(await linkRecipients(busy.id));
  });

  it("costs the same statements for one link or twelve", async () => {
    const { owner, room } = await setup();
    const few = await recordQueries(() => listRoomRecipients(owner.id, room.id));
    for (let i = 0; i < 10; i++) {
      const link = await createRoomShare(owner.id, room.id);
      await agreedRecipient(link, { name: `Reader ${i}`, email: `reader-${i}@example.com` });
    }
    const many = await recordQueries(() => listRoomRecipients(owner.id, room.id));
    expect(Object.keys(many.result)).toHaveLength(12);
    expect(many.queries.length).toBe(few.queries.length);
    expect(many.queries.length).toBeLessThanOrEqual(3);
  });

  it("answers 404 'Room not found' for another owner's room or a malformed id, and 401 without a session", async () => {
    const { room } = await setup();
    expect((await roomRecipients("not a room")).status).toBe(404);
    asOwner(await createUser({ name: "Somebody Else" }));
    const res = await roomRecipients(room.id);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("Room not found");
    Object.assign(routeSession, { user: null });
    expect((await roomRecipients(room.id)).status).toBe(401);
  });
});
