import { db } from "@/lib/platform/db";
import { GET as lookupRoute } from "@/app/api/share/[token]/route";
import { GET as itemRoute } from "@/app/api/share/[token]/items/[ideaId]/route";
import { GET as refusalRoute } from "@/app/api/share/[token]/refusal/route";
import { TEST_ORIGIN, agreedRecipient, createPublished, createRecipient, createRoom, createRoomShare, createShare, createUser } from "../../factories";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/** Every text the recipient API names the sender in uses the brand's display name, else the account name. */

const get = (url: string) => new Request(`${TEST_ORIGIN}${url}`, { headers: { origin: TEST_ORIGIN } });
const lookup = async (token: string) => {
  const res = await lookupRoute(get(`/api/share/${token}`), { params: Promise.resolve({ token }) });
  return { status: res.status, body: await res.json() };
};
const item = async (token: string, ideaId: number) => {
  const res = await itemRoute(get(`/api/share/${token}/items/${ideaId}`), { params: Promise.resolve({ token, ideaId: String(ideaId) }) });
  return { status: res.status, body: await res.json() };
};
const refusal = async (token: string) => (await refusalRoute(get(`/api/share/${token}/refusal`), { params: Promise.resolve({ token }) })).json();
const asBrowser = (secrets: string[] = []) => Object.assign(routeSession, { user: null, secrets, passcodes: {} });
const usedMessage = (sender: string) => `You have already opened this one-time link; ask ${sender} for a new one`;

async function owner(brandName: string | null) {
  const user = await createUser({ name: "Ada Lovelace" });
  await db.user.update({ where: { id: user.id }, data: { brandName } });
  return user;
}

describe.each([
  ["with a brand", "Acme Labs", "Acme Labs"],
  ["without a brand", null, "Ada Lovelace"],
])("the sender's name %s", (_label, brandName, shown) => {
  beforeEach(() => asBrowser());

  it("is the passcode screen's sender and the idea's user", async () => {
    const ada = await owner(brandName);
    const idea = await createPublished(ada.id, { title: "Kettle", content: "<p>Secret plan</p>" });
    const locked = await createShare(ada.id, idea.id, { passcode: "Sequoia-2026" });
    expect(await lookup(locked.accessLink)).toEqual({ status: 200, body: { requiresPasscode: true, sender: shown } });
    const open = await createShare(ada.id, idea.id);
    expect((await lookup(open.accessLink)).body.idea.user).toEqual({ name: shown });
  });

  it("is who a used one-time link tells its reader to ask", async () => {
    const ada = await owner(brandName);
    const idea = await createPublished(ada.id, { title: "Kettle", content: "<p>Secret plan</p>" });
    const share = await createShare(ada.id, idea.id, { shareType: "one-time" });
    const grace = await agreedRecipient(share);
    asBrowser(grace.secrets);
    expect((await lookup(share.accessLink)).status).toBe(200);
    expect(await lookup(share.accessLink)).toEqual({ status: 404, body: expect.objectContaining({ error: usedMessage(shown), oneTimeUsed: true }) });
    expect(await refusal(share.accessLink)).toEqual({ message: usedMessage(shown) });
  });

  it("names a room link's sender: its passcode screen, its index and its items", async () => {
    const ada = await owner(brandName);
    const deck = await createPublished(ada.id, { title: "Deck", content: "<p>Deck body</p>" });
    const room = await createRoom(ada.id, [deck.id], { name: "Seed round" });
    const locked = await createRoomShare(ada.id, room.id, { passcode: "open sesame" });
    expect(await lookup(locked.accessLink)).toEqual({ status: 200, body: { requiresPasscode: true, sender: shown } });
    const link = await createRoomShare(ada.id, room.id, { requireNda: false });
    expect((await lookup(link.accessLink)).body.room.user).toEqual({ name: shown });
    asBrowser((await createRecipient(link)).secrets);
    expect((await item(link.accessLink, deck.id)).body.idea.user).toEqual({ name: shown });
  });
});
