import { createPublished, createUser } from "../../../factories";
import { routeSession } from "../../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());

import { GET, PUT } from "@/app/api/profile/sharing-defaults/route";
import { POST as createShareRoute } from "@/app/api/shares/route";

/** /profile → 'Sharing defaults': the type and expiry a new link starts with on the share form. */
const noParams = { params: Promise.resolve({}) };
const request = (method: string, url: string, body?: unknown) =>
  new Request(`http://localhost${url}`, { method, headers: { "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const put = (body: unknown) => PUT(request("PUT", "/api/profile/sharing-defaults", body), noParams);
const get = async () => (await GET(request("GET", "/api/profile/sharing-defaults"), noParams)).json();

describe("GET/PUT /api/profile/sharing-defaults: default link type and expiry", () => {
  let userId: string;
  beforeEach(async () => {
    const user = await createUser({ name: "Fiona Founder" });
    userId = user.id;
    routeSession.user = { id: user.id, name: user.name, email: user.email, profileImage: null };
  });

  it("a new account's links start time-limited, expiring after 30 days", async () => {
    expect(await get()).toMatchObject({ shareType: "time-dependent", expiryDays: 30 });
  });

  it("saves the type and the days, each alone keeping the other", async () => {
    const saved = await put({ shareType: "email" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ shareType: "email", expiryDays: 30 });
    expect((await put({ expiryDays: 365 })).status).toBe(200);
    expect(await get()).toMatchObject({ shareType: "email", expiryDays: 365 });
    expect((await put({ expiryDays: 1, shareType: "one-time" })).status).toBe(200);
    expect(await get()).toMatchObject({ shareType: "one-time", expiryDays: 1 });
  });

  it.each([
    [{ expiryDays: 0 }, "Expires after (days) must be a whole number from 1 to 365"],
    [{ expiryDays: 366 }, "Expires after (days) must be a whole number from 1 to 365"],
    [{ expiryDays: 2.5 }, "Expires after (days) must be a whole number from 1 to 365"],
    [{ expiryDays: "30" }, "Expires after (days) must be a whole number from 1 to 365"],
    [{ expiryDays: null }, "Expires after (days) must be a whole number from 1 to 365"],
    [{ shareType: "forever" }, "Default link type must be one of: one-time, time-dependent, full-access, email"],
  ])("refuses %j with 400 '%s' and keeps what was saved", async (body, message) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: message });
    expect(await get()).toMatchObject({ shareType: "time-dependent", expiryDays: 30 });
  });

  it("POST /api/shares is unchanged: the type is still required, and a given type is not replaced by the default", async () => {
    const idea = await createPublished(userId, { title: "Kettle" });
    await put({ shareType: "full-access" });
    const missing = await createShareRoute(request("POST", "/api/shares", { ideaId: idea.id }), noParams);
    expect(missing.status).toBe(400);
    const oneTime = await createShareRoute(request("POST", "/api/shares", { ideaId: idea.id, shareType: "one-time" }), noParams);
    expect(oneTime.status).toBe(201);
    expect(await oneTime.json()).toMatchObject({ shareType: "one-time", expiresAt: null });
  });
});
