import { createInvite } from "@/lib/domain/auth/registration";
import { requestPasswordReset } from "@/lib/domain/auth/password-reset";
import { hashToken } from "@/lib/domain/auth/tokens";
import { db } from "@/lib/platform/db";
import { listOutbox } from "@/lib/platform/email/outbox";
import { createUser } from "../../factories";
import { setEnv } from "../../db-utils";

const session = { user: null as null | { id: string; name: string; email: string; profileImage: null; emailVerified: boolean } };
jest.mock("@/lib/domain/auth/session", () => ({
  ...jest.requireActual("@/lib/domain/auth/session"),
  requireUser: async () => {
    if (!session.user) throw new (jest.requireActual("@/lib/platform/http/errors").UnauthorizedError)();
    return session.user;
  },
}));

import { POST as register } from "@/app/api/auth/register/route";
import { POST as verify } from "@/app/api/auth/verify-email/route";
import { POST as resend } from "@/app/api/auth/verify-email/resend/route";

const INVALID = "This verification link is invalid or has expired.";
const ctx = { params: Promise.resolve({}) };
const post = (url: string, body?: unknown) =>
  new Request(`http://localhost${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.9" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function verificationMails(to: string) {
  return (await listOutbox()).filter((m) => m.to === to && m.subject === "Verify your e-mail address");
}

function tokenOf(text: string) {
  const m = text.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/);
  if (!m) throw new Error(`no verification link in: ${text}`);
  return m[1];
}

const userRow = (email: string) => db.user.findUniqueOrThrow({ where: { email } });
const signIn = (u: { id: string; name: string; email: string; emailVerified: Date | null }) => {
  session.user = { id: u.id, name: u.name, email: u.email, profileImage: null, emailVerified: u.emailVerified !== null };
};

beforeEach(() => {
  session.user = null;
});

describe("registration and e-mail verification", () => {
  it("open registration: the account starts unverified and is mailed a 24 h single-use link; only its hash is stored", async () => {
    const res = await register(post("/api/auth/register", { name: "Ada Lovelace", email: "Ada@Example.com", password: "secret1" }), ctx);
    expect(res.status).toBe(201);
    const user = await userRow("ada@example.com");
    expect(user.emailVerified).toBeNull();

    const [mail, ...more] = await verificationMails("ada@example.com");
    expect(more).toEqual([]);
    expect(mail.text).toContain("Hi Ada Lovelace,");
    expect(mail.html).toMatch(/^<!DOCTYPE html/i);
    const token = tokenOf(mail.text);
    expect(mail.text).toContain(`http://localhost:3000/verify-email?token=${token}`);
    const row = await db.accountToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ purpose: "email_verification", tokenHash: hashToken(token), usedAt: null });
    expect(JSON.stringify(await db.accountToken.findMany())).not.toContain(token);
    const ttl = row.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);
  });

  it("the first account of an invite-only instance (no invitation) is unverified and mailed a link", async () => {
    setEnv({ REGISTRATION_MODE: "invite" });
    expect((await register(post("/api/auth/register", { name: "First One", email: "first@example.com", password: "secret1" }), ctx)).status).toBe(201);
    expect((await userRow("first@example.com")).emailVerified).toBeNull();
    expect(await verificationMails("first@example.com")).toHaveLength(1);
  });

  it("an invited registration is verified (the invitation went to that address) and gets no link", async () => {
    setEnv({ REGISTRATION_MODE: "invite" });
    const admin = await createUser();
    const { token } = await createInvite("grace@example.com", admin.id);
    expect((await register(post("/api/auth/register", { name: "Grace Hopper", email: "grace@example.com", password: "secret1", invite: token }), ctx)).status).toBe(201);
    expect((await userRow("grace@example.com")).emailVerified).not.toBeNull();
    expect(await verificationMails("grace@example.com")).toEqual([]);
  });

  it("in open mode an invitation sent to the address still counts; one sent elsewhere does not", async () => {
    const { token } = await createInvite("grace@example.com");
    expect((await register(post("/api/auth/register", { name: "Grace Hopper", email: "grace@example.com", password: "secret1", invite: token }), ctx)).status).toBe(201);
    expect((await userRow("grace@example.com")).emailVerified).not.toBeNull();

    const other = await createInvite("someone@example.com");
    expect((await register(post("/api/auth/register", { name: "Not Someone", email: "mallory@example.com", password: "secret1", invite: other.token }), ctx)).status).toBe(201);
    expect((await userRow("mallory@example.com")).emailVerified).toBeNull();
    expect((await db.invite.findUniqueOrThrow({ where: { id: other.invite.id } })).usedAt).toBeNull();
  });

  it("the link verifies once: 200 {verified: true}, then 400; unknown tokens are 400 too", async () => {
    await register(post("/api/auth/register", { name: "Ada Lovelace", email: "ada@example.com", password: "secret1" }), ctx);
    const token = tokenOf((await verificationMails("ada@example.com"))[0].text);

    const first = await verify(post("/api/auth/verify-email", { token }), ctx);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ verified: true });
    expect((await userRow("ada@example.com")).emailVerified).not.toBeNull();

    const again = await verify(post("/api/auth/verify-email", { token }), ctx);
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe(INVALID);
    for (const bad of ["x".repeat(43), "short", "", 42]) {
      const res = await verify(post("/api/auth/verify-email", { token: bad }), ctx);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(INVALID);
    }
  });

  it("an expired link is 400 and leaves the account unverified", async () => {
    await register(post("/api/auth/register", { name: "Ada Lovelace", email: "ada@example.com", password: "secret1" }), ctx);
    const token = tokenOf((await verificationMails("ada@example.com"))[0].text);
    await db.accountToken.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await verify(post("/api/auth/verify-email", { token }), ctx);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(INVALID);
    expect((await userRow("ada@example.com")).emailVerified).toBeNull();
  });

  it("a password-reset token is not a verification token", async () => {
    const user = await createUser({ email: "ada@example.com" });
    await requestPasswordReset(user.email, "http://localhost:3000");
    const reset = (await listOutbox())[0].text.match(/token=([A-Za-z0-9_-]+)/)![1];
    expect((await verify(post("/api/auth/verify-email", { token: reset }), ctx)).status).toBe(400);
    expect((await userRow("ada@example.com")).emailVerified).toBeNull();
  });
});

describe("POST /api/auth/verify-email/resend", () => {
  it("needs a session", async () => {
    expect((await resend(post("/api/auth/verify-email/resend"), ctx)).status).toBe(401);
  });

  it("mails a new link (204; the older one stops working), 429 past 3 an hour, 409 once verified", async () => {
    await register(post("/api/auth/register", { name: "Ada Lovelace", email: "ada@example.com", password: "secret1" }), ctx);
    const firstToken = tokenOf((await verificationMails("ada@example.com"))[0].text);
    signIn(await userRow("ada@example.com"));

    const res = await resend(post("/api/auth/verify-email/resend"), ctx);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    const tokens = (await verificationMails("ada@example.com")).map((m) => tokenOf(m.text));
    expect(tokens).toHaveLength(2);
    expect((await verify(post("/api/auth/verify-email", { token: firstToken }), ctx)).status).toBe(400);

    expect((await resend(post("/api/auth/verify-email/resend"), ctx)).status).toBe(204);
    expect((await resend(post("/api/auth/verify-email/resend"), ctx)).status).toBe(204);
    const limited = await resend(post("/api/auth/verify-email/resend"), ctx);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await verificationMails("ada@example.com")).toHaveLength(4);

    // Only the newest link works (a refused resend sent nothing and spent nothing).
    expect(await db.accountToken.count({ where: { usedAt: null } })).toBe(1);
    const lastToken = tokenOf((await verificationMails("ada@example.com"))[0].text);
    expect((await verify(post("/api/auth/verify-email", { token: lastToken }), ctx)).status).toBe(200);

    const done = await resend(post("/api/auth/verify-email/resend"), ctx);
    expect(done.status).toBe(409);
    expect((await done.json()).error).toBe("Your e-mail address is already verified.");
  });
});
