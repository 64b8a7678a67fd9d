import { createUser } from "../../../factories";
import { db } from "@/lib/platform/db";

// The handlers are called directly; only the session lookup (which needs Next's request scope) is replaced.
const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());

import { PUT } from "@/app/api/profile/route";
import { GET as me } from "@/app/api/auth/me/route";
import { routeSession } from "../../../route-harness";

const noParams = { params: Promise.resolve({}) };
const put = (body: unknown) =>
  PUT(new Request("http://localhost/api/profile", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }), noParams);
const getMe = async () => (await me(new Request("http://localhost/api/auth/me"), noParams)).json();

/** The owner chooses whether NDA certificates show their account e-mail (off by default). */
describe("PUT /api/profile showEmailOnCertificates, GET /api/auth/me", () => {
  let userId: string;
  beforeEach(async () => {
    const user = await createUser({ name: "Ada Lovelace", email: "ada@example.com" });
    userId = user.id;
    session.user = { id: user.id, name: user.name, email: user.email, profileImage: null };
  });

  it("is off by default and /api/auth/me says so", async () => {
    expect(await getMe()).toEqual({ name: "Ada Lovelace", email: "ada@example.com", profileImage: null, showEmailOnCertificates: false });
  });

  it("the switch alone changes only the switch; the name alone keeps it", async () => {
    const res = await put({ showEmailOnCertificates: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: "Ada Lovelace", email: "ada@example.com", profileImage: null, showEmailOnCertificates: true });
    expect((await put({ name: "Ada King", email: "ada@example.com" })).status).toBe(200);
    expect(await getMe()).toEqual({ name: "Ada King", email: "ada@example.com", profileImage: null, showEmailOnCertificates: true });
    expect((await put({ name: "Ada King", showEmailOnCertificates: false })).status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: userId } })).showEmailOnCertificates).toBe(false);
  });

  it.each([
    ["a string instead of a boolean", { showEmailOnCertificates: "true" }],
    ["neither a name nor the switch", {}],
    ["only the e-mail", { email: "ada@example.com" }],
  ])("refuses %s with 400 and changes nothing", async (_label, body) => {
    const before = await db.user.findUniqueOrThrow({ where: { id: userId } });
    const res = await put(body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual(expect.any(String));
    expect(await db.user.findUniqueOrThrow({ where: { id: userId } })).toEqual(before);
  });
});
