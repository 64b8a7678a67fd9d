import { decode } from "next-auth/jwt";
import { createUser, TEST_ORIGIN } from "../../../factories";
import { db } from "@/lib/platform/db";
import { listOutbox } from "@/lib/platform/email/outbox";
import { getEnv } from "@/lib/platform/env";
import { loadSessionUser } from "@/lib/domain/auth/session";
import { authenticate } from "@/lib/domain/auth/accounts";
import { hashToken } from "@/lib/domain/auth/tokens";
import { resetPassword } from "@/lib/domain/auth/password-reset";

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());

import { POST as requestChange } from "@/app/api/profile/email/route";
import { POST as confirmChange } from "@/app/api/auth/confirm-email/route";
import { PUT as changePassword } from "@/app/api/profile/password/route";
import { routeSession } from "../../../route-harness";
import { WRONG_CURRENT_PASSWORD } from "@/lib/domain/auth/change-password";
import { EMAIL_CHANGE_LINK_INVALID, EMAIL_CHANGE_SAME, EMAIL_CHANGE_TAKEN, NO_PASSWORD_FOR_EMAIL_CHANGE } from "@/lib/domain/auth/email-change";

const ctx = { params: Promise.resolve({}) };
const call = (method: string, path: string, body: unknown) =>
  new Request(`${TEST_ORIGIN}${path}`, {
    method,
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", "x-forwarded-for": "198.51.100.31" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const ask = (body: unknown) => requestChange(call("POST", "/api/profile/email", body), ctx);
const confirm = (token: unknown) => confirmChange(call("POST", "/api/auth/confirm-email", { token }), ctx);

const CONFIRM_SUBJECT = "Confirm your new IdeaVault e-mail address";
const NOTICE_SUBJECT = "Your IdeaVault e-mail address is about to change";

async function mailsTo(to: string, subject: string) {
  return (await listOutbox()).filter((m) => m.to === to && m.subject === subject);
}

/** The token of the newest confirmation link mailed to `to`. */
async function linkTokenMailedTo(to: string) {
  const [mail] = await mailsTo(to, CONFIRM_SUBJECT);
  const m = mail?.text.match(/\/confirm-email\?token=([A-Za-z0-9_-]+)/);
  if (!m) throw new Error(`no confirmation link mailed to ${to}`);
  return m[1];
}

async function signedInAda() {
  const ada = await createUser({ name: "Ada Lovelace", email: "ada@example.com", password: "the-password" });
  session.user = { id: ada.id, name: ada.name, email: ada.email, profileImage: null };
  return ada;
}

describe("changing the account's e-mail address", () => {
  afterEach(() => {
    session.user = null;
  });

  it("202 mails a link to the new address and a notice to the current one; nothing changes until the link is opened", async () => {
    const ada = await signedInAda();
    const res = await ask({ newEmail: " Ada.New@Example.com ", currentPassword: "the-password" });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ pending: true });

    const [link, ...moreLinks] = await mailsTo("ada.new@example.com", CONFIRM_SUBJECT);
    expect(moreLinks).toEqual([]);
    expect(link.text).toContain(`${TEST_ORIGIN}/confirm-email?token=`);
    const [notice] = await mailsTo("ada@example.com", NOTICE_SUBJECT);
    expect(notice.text).toContain("ada.new@example.com");
    expect(notice.text).not.toContain("/confirm-email");

    // Only the token's hash is kept, for 24 hours.
    const token = await linkTokenMailedTo("ada.new@example.com");
    const row = await db.accountToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    expect(row).toMatchObject({ userId: ada.id, purpose: "email_change", newEmail: "ada.new@example.com", usedAt: null });
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(await db.user.findUniqueOrThrow({ where: { id: ada.id } })).toMatchObject({ email: "ada@example.com" });
  });

  it("opening the link moves the account, verifies the address, ends every session and signs this browser in again; once only", async () => {
    const ada = await signedInAda();
    const otherBrowser = { sub: ada.id, sid: "another-browser", sv: 0 };
    expect(await loadSessionUser(otherBrowser)).not.toBeNull();
    expect((await ask({ newEmail: "ada.new@example.com", currentPassword: "the-password" })).status).toBe(202);
    const token = await linkTokenMailedTo("ada.new@example.com");

    const res = await confirm(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: "ada.new@example.com" });
    const user = await db.user.findUniqueOrThrow({ where: { id: ada.id } });
    expect(user.email).toBe("ada.new@example.com");
    expect(user.emailVerified).not.toBeNull();

    expect(await loadSessionUser(otherBrowser)).toBeNull();
    const value = /=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
    const issued = await decode({ token: value ?? "", secret: getEnv().NEXTAUTH_SECRET });
    expect(await loadSessionUser(issued as never)).toMatchObject({ id: ada.id, email: "ada.new@example.com" });

    expect(await authenticate("ada.new@example.com", "the-password")).toMatchObject({ id: ada.id });
    expect(await authenticate("ada@example.com", "the-password")).toBeNull();

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: EMAIL_CHANGE_LINK_INVALID });
  });

  it("a link opened in a browser that is not the account's changes the address but sets no session", async () => {
    const ada = await signedInAda();
    await ask({ newEmail: "ada.new@example.com", currentPassword: "the-password" });
    session.user = null;
    const res = await confirm(await linkTokenMailedTo("ada.new@example.com"));
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await db.user.findUniqueOrThrow({ where: { id: ada.id } })).toMatchObject({ email: "ada.new@example.com" });
  });

  it("an expired link, an older link after a newer one, and an unknown token are refused with a clear 400", async () => {
    const ada = await signedInAda();
    await ask({ newEmail: "first@example.com", currentPassword: "the-password" });
    const older = await linkTokenMailedTo("first@example.com");
    await ask({ newEmail: "second@example.com", currentPassword: "the-password" });
    const newer = await linkTokenMailedTo("second@example.com");

    const superseded = await confirm(older);
    expect(superseded.status).toBe(400);
    expect(await superseded.json()).toMatchObject({ error: EMAIL_CHANGE_LINK_INVALID });

    await db.accountToken.update({ where: { tokenHash: hashToken(newer) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await confirm(newer);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ error: EMAIL_CHANGE_LINK_INVALID });

    expect((await confirm("not-a-token-at-all")).status).toBe(400);
    expect((await confirm(undefined)).status).toBe(400);
    expect(await db.user.findUniqueOrThrow({ where: { id: ada.id } })).toMatchObject({ email: "ada@example.com", sessionVersion: 0 });
  });

  it("a verification link of the old address is not a way in once the address changed", async () => {
    const ada = await signedInAda();
    await db.user.update({ where: { id: ada.id }, data: { emailVerified: null } });
    const verification = await db.accountToken.create({
      data: { userId: ada.id, purpose: "email_verification", tokenHash: hashToken("old-verification-token"), expiresAt: new Date(Date.now() + 3600_000) },
    });
    await ask({ newEmail: "ada.new@example.com", currentPassword: "the-password" });
    expect((await confirm(await linkTokenMailedTo("ada.new@example.com"))).status).toBe(200);
    expect((await db.accountToken.findUniqueOrThrow({ where: { id: verification.id } })).usedAt).not.toBeNull();
  });

  it("a reset link mailed to the old address is spent by the change; a new password cancels a pending change", async () => {
    const ada = await signedInAda();
    const reset = await db.accountToken.create({
      data: { userId: ada.id, purpose: "password_reset", tokenHash: hashToken("old-reset-token"), expiresAt: new Date(Date.now() + 3600_000) },
    });
    await ask({ newEmail: "ada.new@example.com", currentPassword: "the-password" });
    expect((await confirm(await linkTokenMailedTo("ada.new@example.com"))).status).toBe(200);
    expect((await db.accountToken.findUniqueOrThrow({ where: { id: reset.id } })).usedAt).not.toBeNull();
    await expect(resetPassword("old-reset-token", "taken-over-1")).rejects.toThrow();

    // Someone who knew the password asks to move the account; its owner changes the password (as the notice says),
    // and then the link no longer works.
    session.user = { id: ada.id, name: ada.name, email: "ada.new@example.com", profileImage: null };
    expect((await ask({ newEmail: "thief@example.com", currentPassword: "the-password" })).status).toBe(202);
    const stolen = await linkTokenMailedTo("thief@example.com");
    const changed = await changePassword(call("PUT", "/api/profile/password", { currentPassword: "the-password", newPassword: "a-new-password" }), ctx);
    expect(changed.status).toBe(200);
    const refused = await confirm(stolen);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe(EMAIL_CHANGE_LINK_INVALID);
    expect((await db.user.findUniqueOrThrow({ where: { id: ada.id } })).email).toBe("ada.new@example.com");

    // The same after a reset by e-mail.
    expect((await ask({ newEmail: "thief2@example.com", currentPassword: "a-new-password" })).status).toBe(202);
    const stolenAgain = await linkTokenMailedTo("thief2@example.com");
    await db.accountToken.create({ data: { userId: ada.id, purpose: "password_reset", tokenHash: hashToken("fresh-reset-token"), expiresAt: new Date(Date.now() + 3600_000) } });
    await resetPassword("fresh-reset-token", "another-password");
    expect((await confirm(stolenAgain)).status).toBe(400);
  });

  it("409 for an address another account has, when asked and when the link is opened after it was taken", async () => {
    const ada = await signedInAda();
    await createUser({ name: "Bob", email: "bob@example.com" });
    const taken = await ask({ newEmail: "BOB@example.com", currentPassword: "the-password" });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: EMAIL_CHANGE_TAKEN });
    expect(await mailsTo("bob@example.com", CONFIRM_SUBJECT)).toEqual([]);

    await ask({ newEmail: "carol@example.com", currentPassword: "the-password" });
    const token = await linkTokenMailedTo("carol@example.com");
    await createUser({ name: "Carol", email: "carol@example.com" });
    const late = await confirm(token);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: EMAIL_CHANGE_TAKEN });
    expect(await db.user.findUniqueOrThrow({ where: { id: ada.id } })).toMatchObject({ email: "ada@example.com" });
  });

  it("403 for a wrong current password, counted with the password change's failures (429 after 10 in all)", async () => {
    await signedInAda();
    const wrong = await ask({ newEmail: "ada.new@example.com", currentPassword: "guess" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: WRONG_CURRENT_PASSWORD });
    expect(await listOutbox()).toEqual([]);

    for (let i = 1; i < 5; i++) expect((await ask({ newEmail: "ada.new@example.com", currentPassword: `guess-${i}` })).status).toBe(403);
    for (let i = 5; i < 10; i++) {
      expect((await changePassword(call("PUT", "/api/profile/password", { currentPassword: `guess-${i}`, newPassword: "new-password" }), ctx)).status).toBe(403);
    }
    expect((await ask({ newEmail: "ada.new@example.com", currentPassword: "the-password" })).status).toBe(429);
    expect(await listOutbox()).toEqual([]);
  });

  it("400 for a malformed or unchanged address, a missing password, or an account without a password; 401 signed out", async () => {
    expect((await ask({ newEmail: "ada.new@example.com", currentPassword: "x" })).status).toBe(401);
    await signedInAda();
    const bad = await ask({ newEmail: "not an address", currentPassword: "the-password" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ issues: [expect.objectContaining({ path: ["newEmail"], message: "Please enter a valid email address" })] });
    const same = await ask({ newEmail: "ADA@example.com", currentPassword: "the-password" });
    expect(same.status).toBe(400);
    expect(await same.json()).toMatchObject({ error: EMAIL_CHANGE_SAME });
    expect((await ask({ newEmail: "ada.new@example.com" })).status).toBe(400);

    const social = await db.user.create({ data: { name: "Sam Social", email: "sam@example.com" } });
    session.user = { id: social.id, name: social.name, email: social.email, profileImage: null };
    const noPassword = await ask({ newEmail: "sam.new@example.com", currentPassword: "anything" });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({ error: NO_PASSWORD_FOR_EMAIL_CHANGE });
    expect(await listOutbox()).toEqual([]);
  });
});
