import type { Account } from "next-auth";
import { linkOAuthAccount, findUserForToken, providerVerifiedEmail } from "@/lib/domain/auth/oauth";
import { listOutbox } from "@/lib/platform/email/outbox";
import { db } from "@/lib/platform/db";
import { createUser } from "../../../factories";
import { setEnv } from "../../../db-utils";

const account = (provider: string, id: string): Account => ({ provider, providerAccountId: id, type: "oauth", access_token: "at" });
const link = (over: Partial<Parameters<typeof linkOAuthAccount>[0]>) =>
  linkOAuthAccount({ provider: "github", providerAccountId: "gh-1", email: "new@example.com", emailVerified: false, name: "New Person", account: account("github", "gh-1"), ...over });

describe("linkOAuthAccount", () => {
  it("creates a user and the account link for a new person while registration is open", async () => {
    expect(await link({})).toBe(true);
    const user = await findUserForToken("github", "gh-1");
    expect(user).not.toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: user!.id } })).email).toBe("new@example.com");
    expect(await link({})).toBe(true); // signing in again uses the existing link
    expect(await db.user.count()).toBe(1);
  });

  it("never joins an existing account on an address the provider does not vouch for", async () => {
    await createUser({ email: "victim@example.com" });
    expect(await link({ email: "Victim@example.com", emailVerified: false })).toBe(false);
    expect(await db.account.count()).toBe(0);
  });

  it("never joins a password account whose address was not verified, even for a verified provider", async () => {
    await createUser({ email: "ada@example.com" });
    expect(await link({ provider: "google", providerAccountId: "g-1", email: "ada@example.com", emailVerified: true, account: account("google", "g-1") })).toBe(false);
  });

  it("joins an existing verified account when the provider verified the address", async () => {
    const user = await createUser({ email: "ada@example.com" });
    await db.user.update({ where: { id: user.id }, data: { emailVerified: new Date() } });
    expect(await link({ provider: "google", providerAccountId: "g-1", email: "ADA@example.com", emailVerified: true, account: account("google", "g-1") })).toBe(true);
    expect((await findUserForToken("google", "g-1"))?.id).toBe(user.id);
  });

  it("refuses a new person in invite mode once the instance has accounts, and without an e-mail", async () => {
    await createUser();
    setEnv({ REGISTRATION_MODE: "invite" });
    expect(await link({})).toBe(false);
    setEnv({ REGISTRATION_MODE: "open" });
    expect(await link({ email: null })).toBe(false);
    expect(await db.user.count()).toBe(1);
  });
});

describe("the address of a social sign-in", () => {
  it("a new person whose provider does not vouch for the address starts unverified and is mailed a link", async () => {
    expect(await link({})).toBe(true);
    expect((await db.user.findUniqueOrThrow({ where: { email: "new@example.com" } })).emailVerified).toBeNull();
    const mails = await listOutbox();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([["new@example.com", "Verify your e-mail address"]]);
    expect(mails[0].text).toMatch(/\/verify-email\?token=[A-Za-z0-9_-]{43}/);
  });

  it("a provider-verified address counts as verified: no link is mailed", async () => {
    expect(await link({ provider: "google", providerAccountId: "g-1", emailVerified: true, account: account("google", "g-1") })).toBe(true);
    expect((await db.user.findUniqueOrThrow({ where: { email: "new@example.com" } })).emailVerified).not.toBeNull();
    expect(await listOutbox()).toEqual([]);
  });
});

describe("providerVerifiedEmail", () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });
  const githubAnswers = (body: unknown, status = 200) => {
    const fake = jest.fn(async () => new Response(JSON.stringify(body), { status }));
    global.fetch = fake as unknown as typeof fetch;
    return fake;
  };

  it("Google: only with email_verified true for the same address", async () => {
    const ask = (profile: unknown, email = "ada@example.com") => providerVerifiedEmail({ provider: "google", email, profile, accessToken: "at" });
    expect(await ask({ email: "Ada@example.com", email_verified: true })).toBe(true);
    expect(await ask({ email: "ada@example.com", email_verified: false })).toBe(false);
    expect(await ask({ email: "ada@example.com", email_verified: "true" })).toBe(false);
    expect(await ask({ email: "other@example.com", email_verified: true })).toBe(false);
    expect(await ask(undefined)).toBe(false);
  });

  it("GitHub: only when its e-mail list marks that very address verified", async () => {
    const ask = () => providerVerifiedEmail({ provider: "github", email: "Ada@example.com", profile: {}, accessToken: "gh-token" });
    const fake = githubAnswers([{ email: "ada@example.com", verified: true, primary: true }]);
    expect(await ask()).toBe(true);
    expect(fake).toHaveBeenCalledWith("https://api.github.com/user/emails", expect.objectContaining({ headers: expect.objectContaining({ Authorization: "token gh-token" }) }));
    githubAnswers([{ email: "ada@example.com", verified: false, primary: true }, { email: "other@example.com", verified: true }]);
    expect(await ask()).toBe(false);
    githubAnswers({ message: "Bad credentials" }, 401);
    expect(await ask()).toBe(false);
    global.fetch = jest.fn(async () => {
      throw new Error("offline");
    }) as unknown as typeof fetch;
    expect(await ask()).toBe(false);
  });

  it("X and sign-ins without an address never count", async () => {
    const fake = githubAnswers([]);
    expect(await providerVerifiedEmail({ provider: "twitter", email: "ada@example.com", profile: { email: "ada@example.com" }, accessToken: "at" })).toBe(false);
    expect(await providerVerifiedEmail({ provider: "github", email: null, profile: {}, accessToken: "at" })).toBe(false);
    expect(fake).not.toHaveBeenCalled();
  });
});
