import { db } from "@/lib/platform/db";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { hashPasscode, PASSCODE_WRONG } from "@/lib/domain/recipients/passcode";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { MESSAGES } from "@/lib/domain/validation/sharing";
import { POST as createShareRoute } from "@/app/api/shares/route";
import { GET as shareRoute } from "@/app/api/share/[token]/route";
import { POST as passcodeRoute } from "@/app/api/share/[token]/passcode/route";
import { POST as identifyRoute } from "@/app/api/recipients/route";
import { setEnv } from "../../db-utils";
import { TEST_CLIENT, TEST_ORIGIN, createPublished, createShare, createUser } from "../../factories";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/** A link's passcode, asked before identity. */

const PASSCODE = "Sequoia-2026";
const asOwner = (u: { id: string; name: string; email: string }) => Object.assign(routeSession, { user: { ...u, profileImage: null }, secrets: [], passcodes: {} });
const asBrowser = () => Object.assign(routeSession, { user: null, secrets: [], passcodes: {} });
const headers = (ip = "203.0.113.7") => ({ origin: TEST_ORIGIN, "content-type": "application/json", "user-agent": TEST_CLIENT.userAgent, "x-ideavault-client-ip": ip });
const post = (url: string, body: unknown, ip?: string) => new Request(`${TEST_ORIGIN}${url}`, { method: "POST", headers: headers(ip), body: JSON.stringify(body) });
const lookup = async (token: string) => {
  const res = await shareRoute(new Request(`${TEST_ORIGIN}/api/share/${token}`, { headers: headers() }), { params: Promise.resolve({ token }) });
  return { status: res.status, body: await res.json() };
};
const enter = (token: string, passcode: unknown, ip?: string) => passcodeRoute(post(`/api/share/${token}/passcode`, { passcode }, ip), { params: Promise.resolve({ token }) });
const identify = (token: string, email = "reader@example.com") => identifyRoute(post("/api/recipients", { accessToken: token, name: "Grace Hopper", email }), { params: Promise.resolve({}) });

beforeEach(() => {
  setEnv({ IDEAVAULT_CUSTOM_SERVER: "true" });
  asBrowser();
});

describe("POST /api/shares passcode", () => {
  it("stores only a slow hash and reports hasPasscode, never the passcode", async () => {
    const owner = await createUser();
    const idea = await createPublished(owner.id, { title: "Kettle", content: "<p>Secret plan</p>" });
    asOwner(owner);
    const res = await createShareRoute(post("/api/shares", { ideaId: idea.id, shareType: "full-access", passcode: PASSCODE }), { params: Promise.resolve({}) });
    expect(res.status).toBe(201);
    const text = await res.text();
    expect(text).not.toContain(PASSCODE);
    const created = JSON.parse(text);
    expect(created.hasPasscode).toBe(true);
    expect(created).not.toHaveProperty("passcodeHash");
    const stored = await db.share.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.passcodeHash).toMatch(/^\$2[aby]\$10\$/);
    expect(stored.passcodeHash).not.toContain(PASSCODE);

    const plain = await createShareRoute(post("/api/shares", { ideaId: idea.id, shareType: "full-access" }), { params: Promise.resolve({}) });
    expect((await plain.json()).hasPasscode).toBe(false);

    for (const [bad, message] of [["abc", MESSAGES.passcode], ["x".repeat(65), MESSAGES.passcodeTooLong], [1234, MESSAGES.passcode]] as const) {
      const refused = await createShareRoute(post("/api/shares", { ideaId: idea.id, shareType: "one-time", passcode: bad }), { params: Promise.resolve({}) });
      expect(refused.status).toBe(400);
      const body = await refused.json();
      expect(body.error).toBe(message);
      expect(body.issues[0].path).toEqual(["passcode"]);
    }
  });
});

describe("a link with a passcode", () => {
  async function passcodeLink() {
    const owner = await createUser({ name: "Ada Lovelace" });
    const idea = await createPublished(owner.id, { title: "Kettle", content: "<p>Secret plan</p>" });
    return createShare(owner.id, idea.id, { passcode: PASSCODE });
  }

  it("tells nothing about the idea before the passcode; identity is refused until it is given", async () => {
    const share = await passcodeLink();
    const before = await lookup(share.accessLink);
    expect(before).toEqual({ status: 200, body: { requiresPasscode: true, sender: "Ada Lovelace" } });
    expect((await identify(share.accessLink)).status).toBe(404);
    expect(await db.recipient.count()).toBe(0);
    // Unknown links stay the one 404.
    expect(await lookup("A".repeat(43))).toEqual({ status: 404, body: expect.objectContaining({ error: INVALID_LINK }) });
    expect((await enter("A".repeat(43), PASSCODE)).status).toBe(404);
  });

  it("403 'Incorrect passcode', then 204 with a cookie for that link only; identity and agreement follow as usual", async () => {
    const share = await passcodeLink();
    const wrong = await enter(share.accessLink, "not it");
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error).toBe(PASSCODE_WRONG);
    expect(routeSession.passcodes).toEqual({});

    const right = await enter(share.accessLink, PASSCODE);
    expect(right.status).toBe(204);
    expect(Object.keys(routeSession.passcodes)).toEqual([share.id]);
    expect(routeSession.passcodes[share.id]).not.toContain(PASSCODE);

    const titled = await lookup(share.accessLink);
    expect(titled.body).toMatchObject({ idea: { title: "Kettle", user: { name: "Ada Lovelace" } }, recipient: null });
    expect(titled.body.idea.content).toBeUndefined();

    const identified = await identify(share.accessLink);
    expect(identified.status).toBe(201);
    const recipient = await identified.json();
    await acceptNda(recipient.id, routeSession.secrets, TEST_CLIENT);
    expect((await lookup(share.accessLink)).body.idea.content).toBeDefined();

    // The cookie is bound to its link: another link with the same passcode still asks.
    const other = await passcodeLink();
    expect((await lookup(other.accessLink)).body).toEqual({ requiresPasscode: true, sender: "Ada Lovelace" });
    expect((await identify(other.accessLink)).status).toBe(404);
  });

  it("a changed passcode voids the old cookie and the recipients that gave the old one", async () => {
    const share = await passcodeLink();
    await enter(share.accessLink, PASSCODE);
    const recipient = await (await identify(share.accessLink)).json();
    await acceptNda(recipient.id, routeSession.secrets, TEST_CLIENT);
    expect((await lookup(share.accessLink)).body.idea.content).toBeDefined();

    await db.$transaction([
      db.share.update({ where: { id: share.id }, data: { passcodeHash: await hashPasscode("new passcode") } }),
      db.recipient.updateMany({ where: { shareId: share.id }, data: { passcodeGivenAt: null } }),
    ]);
    expect((await lookup(share.accessLink)).body).toEqual({ requiresPasscode: true, sender: "Ada Lovelace" });
    expect((await enter(share.accessLink, PASSCODE)).status).toBe(403);
    expect((await enter(share.accessLink, "new passcode")).status).toBe(204);
    // The same recipient reads again: giving the passcode marked it.
    expect((await lookup(share.accessLink)).body).toMatchObject({ recipient: { id: recipient.id }, idea: { content: expect.anything() } });
  });

  it("5 wrong tries per link and address in 15 minutes, then 429 (the right one too); other addresses and links are not touched", async () => {
    const share = await passcodeLink();
    for (let i = 0; i < 5; i++) expect((await enter(share.accessLink, `wrong ${i}`)).status).toBe(403);
    expect((await enter(share.accessLink, PASSCODE)).status).toBe(429);
    expect((await enter(share.accessLink, PASSCODE, "198.51.100.20")).status).toBe(204);
    const other = await passcodeLink();
    expect((await enter(other.accessLink, PASSCODE)).status).toBe(204);
  });

  it("right answers do not use the budget up: many readers behind one address", async () => {
    const share = await passcodeLink();
    for (let i = 0; i < 8; i++) expect((await enter(share.accessLink, PASSCODE)).status).toBe(204);
    expect((await enter(share.accessLink, "wrong")).status).toBe(403);
  });
});
