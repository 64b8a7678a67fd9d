import { createUser, TEST_ORIGIN } from "../../factories";
import { setEnv } from "../../db-utils";
import { db } from "@/lib/platform/db";
import { listOutbox } from "@/lib/platform/email/outbox";
import { getRegistrationStatus, REGISTRATION_IS_OPEN } from "@/lib/domain/auth/registration";

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());

import { POST } from "@/app/api/invites/route";
import { routeSession } from "../../route-harness";

const invite = (body: unknown) =>
  POST(
    new Request(`${TEST_ORIGIN}/api/invites`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );

async function signedIn() {
  const ada = await createUser({ name: "Ada Lovelace" });
  session.user = { id: ada.id, name: ada.name, email: ada.email, profileImage: null };
  return ada;
}

describe("POST /api/invites", () => {
  beforeEach(() => setEnv({ REGISTRATION_MODE: "invite" }));
  afterEach(() => {
    session.user = null;
  });

  it("e-mails the same invitation as `npm run invite`, naming the member; its link opens registration", async () => {
    const ada = await signedIn();
    const res = await invite({ email: "  Grace@Example.com " });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ email: "grace@example.com", expiresAt: expect.any(String) });
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeGreaterThan(13.9 * 24 * 3600_000);

    const row = await db.invite.findFirstOrThrow({ where: { email: "grace@example.com" } });
    expect(row.createdById).toBe(ada.id);
    const mail = (await listOutbox()).find((m) => m.to === "grace@example.com" && m.subject === "Your invitation to IdeaVault");
    expect(mail?.text).toContain("Ada Lovelace has invited you to IdeaVault");
    const token = decodeURIComponent(/\/register\?invite=([^\s"<]+)/.exec(mail!.text)![1]);
    expect(await getRegistrationStatus(token)).toMatchObject({ allowed: true, inviteEmail: "grace@example.com" });
    // The response never carries the token.
    expect(JSON.stringify(body)).not.toContain(token);
  });

  it("409 on an open instance, 400 for a bad address, 401 signed out", async () => {
    expect((await invite({ email: "grace@example.com" })).status).toBe(401);
    await signedIn();
    const bad = await invite({ email: "not an address" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "Please enter a valid email address", issues: [expect.objectContaining({ path: ["email"] })] });
    setEnv({ REGISTRATION_MODE: "open" });
    const open = await invite({ email: "grace@example.com" });
    expect(open.status).toBe(409);
    expect(await open.json()).toMatchObject({ error: REGISTRATION_IS_OPEN });
    expect(await db.invite.count()).toBe(0);
  });

  it("20 a day per account, then 429", async () => {
    await signedIn();
    for (let i = 0; i < 20; i++) expect((await invite({ email: `friend${i}@example.com` })).status).toBe(201);
    expect((await invite({ email: "one-more@example.com" })).status).toBe(429);
    expect(await db.invite.count()).toBe(20);
  });
});
