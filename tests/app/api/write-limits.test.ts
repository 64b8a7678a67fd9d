import { createUser } from "../../factories";
import { setEnv } from "../../db-utils";
import { db } from "@/lib/platform/db";

// The handlers are called directly; only the session lookup (which needs Next's request scope) is replaced.
const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());

import { POST as createIdeaRoute } from "@/app/api/ideas/route";
import { PUT as updateProfileRoute } from "@/app/api/profile/route";
import { routeSession } from "../../route-harness";

const json = (body: unknown) =>
  new Request("http://localhost/api", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const noParams = { params: Promise.resolve({}) };

describe("per-account write limits", () => {
  beforeEach(async () => {
    const user = await createUser();
    session.user = { id: user.id, name: user.name, email: user.email, profileImage: null };
    // 120 idea writes and 30 profile writes per 10 minutes, scaled down so the test stays short.
    setEnv({ RATE_LIMIT_SCALE: "0.025" });
  });

  it("idea creation answers 429 with Retry-After once the account's budget is used, and stores nothing more", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await createIdeaRoute(json({ title: `Idea ${i}` }), noParams)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await createIdeaRoute(json({ title: "Again" }), noParams);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatch(/Too many requests/);
    expect(await db.idea.count()).toBe(3);
  });

  it("the budget is per account: another creator is not affected", async () => {
    for (let i = 0; i < 3; i++) await createIdeaRoute(json({ title: `Idea ${i}` }), noParams);
    expect((await createIdeaRoute(json({ title: "Over" }), noParams)).status).toBe(429);
    const other = await createUser();
    session.user = { id: other.id, name: other.name, email: other.email, profileImage: null };
    expect((await createIdeaRoute(json({ title: "Mine" }), noParams)).status).toBe(201);
  });

  it("profile updates have their own budget", async () => {
    const put = () => updateProfileRoute(new Request("http://localhost/api/profile", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "New Name" }) }), noParams);
    expect((await put()).status).toBe(200);
    expect((await put()).status).toBe(429);
  });
});
