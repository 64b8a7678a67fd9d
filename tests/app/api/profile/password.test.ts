import { decode } from "next-auth/jwt";
import { createUser, TEST_ORIGIN } from "../../../factories";
import { db } from "@/lib/platform/db";
import { listOutbox } from "@/lib/platform/email/outbox";
import { getEnv } from "@/lib/platform/env";
import { loadSessionUser } from "@/lib/domain/auth/session";
import { authenticate } from "@/lib/domain/auth/accounts";

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());

import { PUT } from "@/app/api/profile/password/route";
import { routeSession } from "../../../route-harness";
import { NO_PASSWORD_TO_CHANGE, WRONG_CURRENT_PASSWORD } from "@/lib/domain/auth/change-password";

const put = (body: unknown) =>
  PUT(
    new Request(`${TEST_ORIGIN}/api/profile/password`, {
      method: "PUT",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );

async function signedInAda() {
  const ada = await createUser({ name: "Ada Lovelace", email: "ada@example.com", password: "old-password" });
  session.user = { id: ada.id, name: ada.name, email: ada.email, profileImage: null };
  return ada;
}

/** The session token the response's Set-Cookie carries. */
async function issuedToken(res: Response) {
  const value = /=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
  if (!value) throw new Error("no session cookie set");
  return decode({ token: value, secret: getEnv().NEXTAUTH_SECRET });
}

describe("PUT /api/profile/password", () => {
  afterEach(() => {
    session.user = null;
  });

  it("changes the password, ends every other session and signs this browser in again", async () => {
    const ada = await signedInAda();
    const otherBrowser = { sub: ada.id, sid: "another-browser", sv: 0 };
    expect(await loadSessionUser(otherBrowser)).not.toBeNull();

    const res = await put({ currentPassword: "old-password", newPassword: "new-password" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });

    expect(await loadSessionUser(otherBrowser)).toBeNull();
    const token = await issuedToken(res);
    expect(await loadSessionUser(token as never)).toMatchObject({ id: ada.id });
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/i);

    expect(await authenticate("ada@example.com", "old-password")).toBeNull();
    expect(await authenticate("ada@example.com", "new-password")).toMatchObject({ id: ada.id });
    const mails = (await listOutbox()).filter((m) => m.to === "ada@example.com" && m.subject === "Your IdeaVault password was changed");
    expect(mails).toHaveLength(1);
  });

  it("a wrong current password is a 403 that changes nothing; wrong ones are limited per account (429)", async () => {
    const ada = await signedInAda();
    const before = await db.user.findUniqueOrThrow({ where: { id: ada.id } });
    const res = await put({ currentPassword: "guess", newPassword: "new-password" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: WRONG_CURRENT_PASSWORD });
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await db.user.findUniqueOrThrow({ where: { id: ada.id } })).toEqual(before);

    for (let i = 1; i < 10; i++) expect((await put({ currentPassword: `guess-${i}`, newPassword: "new-password" })).status).toBe(403);
    expect((await put({ currentPassword: "old-password", newPassword: "new-password" })).status).toBe(429);
    expect(await authenticate("ada@example.com", "old-password")).toMatchObject({ id: ada.id });
  });

  it("refuses a bad new password on its field, by path, and bad bodies with a 400", async () => {
    await signedInAda();
    const short = await put({ currentPassword: "old-password", newPassword: "abc" });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: "Password must be at least 6 characters", issues: [expect.objectContaining({ path: ["newPassword"] })] });
    const same = await put({ currentPassword: "old-password", newPassword: "old-password" });
    expect(same.status).toBe(400);
    expect(await same.json()).toMatchObject({ issues: [expect.objectContaining({ path: ["newPassword"], message: "Choose a password different from the current one." })] });
    const missing = await put({ newPassword: "new-password" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ issues: [expect.objectContaining({ path: ["currentPassword"] })] });
    expect((await put("{not json")).status).toBe(400);
    expect(await authenticate("ada@example.com", "old-password")).not.toBeNull();
  });

  it("401 signed out; 400 for an account that signs in with a provider only", async () => {
    expect((await put({ currentPassword: "x", newPassword: "new-password" })).status).toBe(401);
    const social = await db.user.create({ data: { name: "Sam Social", email: "sam@example.com" } });
    session.user = { id: social.id, name: social.name, email: social.email, profileImage: null };
    const res = await put({ currentPassword: "anything", newPassword: "new-password" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: NO_PASSWORD_TO_CHANGE });
  });
});
