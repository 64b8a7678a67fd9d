import { db } from "@/lib/platform/db";
import { WRONG_ADDRESS } from "@/lib/domain/recipients/identify";
import { GET as shareRoute } from "@/app/api/share/[token]/route";
import { POST as identifyRoute } from "@/app/api/recipients/route";
import { setEnv } from "../../db-utils";
import { TEST_CLIENT, TEST_ORIGIN, createPublished, createShare, createUser } from "../../factories";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/** An e-mail link's form shows the invited address, locked; the server still admits no other. */

const headers = { origin: TEST_ORIGIN, "content-type": "application/json", "user-agent": TEST_CLIENT.userAgent };
const lookup = async (token: string) => {
  const res = await shareRoute(new Request(`${TEST_ORIGIN}/api/share/${token}`, { headers }), { params: Promise.resolve({ token }) });
  return { status: res.status, body: await res.json() };
};
const identify = (token: string, email: string) =>
  identifyRoute(new Request(`${TEST_ORIGIN}/api/recipients`, { method: "POST", headers, body: JSON.stringify({ accessToken: token, name: "Grace Hopper", email }) }), { params: Promise.resolve({}) });

beforeEach(() => {
  setEnv({ IDEAVAULT_CUSTOM_SERVER: "true" });
  Object.assign(routeSession, { user: null, secrets: [], passcodes: {} });
});

describe("the invited address of an e-mail link", () => {
  it("comes with the lookup of an e-mail link (null on other links)", async () => {
    const owner = await createUser();
    const idea = await createPublished(owner.id);
    const email = await createShare(owner.id, idea.id, { shareType: "email", recipientEmail: "invitee@example.com" });
    const open = await createShare(owner.id, idea.id);
    expect(await lookup(email.accessLink)).toMatchObject({ status: 200, body: { shareType: "email", invitedEmail: "invitee@example.com" } });
    expect(await lookup(open.accessLink)).toMatchObject({ status: 200, body: { shareType: "full-access", invitedEmail: null } });
  });

  it("is the only address admitted: another one is a 403 with the reason and leaves no recipient; the invited one (any case) is admitted", async () => {
    const owner = await createUser();
    const idea = await createPublished(owner.id);
    const share = await createShare(owner.id, idea.id, { shareType: "email", recipientEmail: "invitee@example.com" });
    const refused = await identify(share.accessLink, "someone-else@example.com");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: WRONG_ADDRESS });
    expect(await db.recipient.count()).toBe(0);
    const admitted = await identify(share.accessLink, "Invitee@Example.com");
    expect(admitted.status).toBe(201);
    expect(await db.recipient.findMany({ select: { email: true } })).toEqual([{ email: "invitee@example.com" }]);
  });
});
