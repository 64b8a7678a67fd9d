import type { Account } from "next-auth";
import { linkOAuthAccount, findUserForToken } from "@/lib/auth/oauth";
import { db } from "@/lib/db";
import { createUser } from "../../factories";
import { setEnv } from "../../db-utils";

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
