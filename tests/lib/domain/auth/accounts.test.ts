import { registerUser, authenticate, EMAIL_TAKEN } from "@/lib/domain/auth/accounts";
import { createInvite, getRegistrationStatus, signUpOffer } from "@/lib/domain/auth/registration";
import { db } from "@/lib/platform/db";
import { ConflictError, ForbiddenError } from "@/lib/platform/http/errors";
import { createUser } from "../../../factories";
import { setEnv } from "../../../db-utils";

describe("registerUser (open mode)", () => {
  it("stores the e-mail lower-case and a bcrypt hash, never the password", async () => {
    await registerUser({ name: "Ada Lovelace", email: "Ada@Example.COM", password: "secret1" });
    const row = await db.user.findUniqueOrThrow({ where: { email: "ada@example.com" }, select: { passwordHash: true, name: true } });
    expect(row.name).toBe("Ada Lovelace");
    expect(row.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(row.passwordHash).not.toContain("secret1");
  });

  it("refuses an e-mail already used in another case with 409", async () => {
    await registerUser({ name: "Ada", email: "ada@example.com", password: "secret1" });
    await expect(registerUser({ name: "Ada 2", email: "ADA@example.com", password: "secret2" })).rejects.toMatchObject({ status: 409, message: EMAIL_TAKEN });
    expect(await db.user.count()).toBe(1);
  });
});

describe("authenticate", () => {
  it("accepts the right password in any e-mail case and refuses a wrong one or an unknown user", async () => {
    const user = await createUser({ email: "grace@example.com", password: "hopper1" });
    expect((await authenticate("GRACE@example.com", "hopper1"))?.id).toBe(user.id);
    expect(await authenticate("grace@example.com", "wrong-1")).toBeNull();
    expect(await authenticate("nobody@example.com", "hopper1")).toBeNull();
  });

  it("never returns the password hash", async () => {
    await createUser({ email: "x@example.com" });
    const result = await authenticate("x@example.com", "secret1");
    expect(result).not.toHaveProperty("passwordHash");
  });
});

describe("invite-only registration", () => {
  beforeEach(() => setEnv({ REGISTRATION_MODE: "invite" }));

  it("lets the very first account of an empty instance register without an invite", async () => {
    expect(await getRegistrationStatus(null)).toMatchObject({ allowed: true, mode: "invite" });
    await registerUser({ name: "Founder", email: "founder@example.com", password: "secret1" });
    expect(await getRegistrationStatus(null)).toMatchObject({ allowed: false, reason: "invite-required" });
  });

  it("requires a valid invite afterwards and spends it on use", async () => {
    const founder = await createUser();
    await expect(registerUser({ name: "Eve", email: "eve@example.com", password: "secret1" })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(registerUser({ name: "Eve", email: "eve@example.com", password: "secret1", invite: "made-up-token-123" })).rejects.toBeInstanceOf(ForbiddenError);

    const { token } = await createInvite("Bob@Example.com", founder.id);
    expect(await getRegistrationStatus(token)).toMatchObject({ allowed: true, inviteEmail: "bob@example.com" });
    const bob = await registerUser({ name: "Bob", email: "bob@example.com", password: "secret1", invite: token });
    const invite = await db.invite.findFirstOrThrow();
    expect(invite.usedAt).not.toBeNull();
    expect(invite.usedById).toBe(bob.id);

    await expect(registerUser({ name: "Carl", email: "carl@example.com", password: "secret1", invite: token })).rejects.toBeInstanceOf(ForbiddenError);
    expect(await getRegistrationStatus(token)).toMatchObject({ allowed: false, reason: "invite-invalid" });
  });

  it("does not spend the invite when the e-mail is already taken", async () => {
    await createUser({ email: "taken@example.com" });
    const { token } = await createInvite("Taken@example.com");
    await expect(registerUser({ name: "Dup", email: "taken@example.com", password: "secret1", invite: token })).rejects.toBeInstanceOf(ConflictError);
    expect((await db.invite.findFirstOrThrow()).usedAt).toBeNull();
  });

  it("is personal: an invitation only registers the address it was sent to", async () => {
    await createUser();
    const { token } = await createInvite("bob@example.com");
    await expect(registerUser({ name: "Eve", email: "eve@example.com", password: "secret1", invite: token })).rejects.toBeInstanceOf(ForbiddenError);
    expect((await db.invite.findFirstOrThrow()).usedAt).toBeNull();
    await expect(registerUser({ name: "Bob", email: "BOB@example.com", password: "secret1", invite: token })).resolves.toMatchObject({ email: "bob@example.com" });
  });
});

describe("signUpOffer: what the landing page and /login offer", () => {
  it("a brand-new instance offers its first account in either mode; then open mode offers 'Sign up' and invite mode its invite-only texts", async () => {
    setEnv({ REGISTRATION_MODE: "invite" });
    expect(await signUpOffer()).toBe("first-account");
    expect(await getRegistrationStatus(null)).toEqual({ allowed: true, mode: "invite", firstAccount: true });
    setEnv({ REGISTRATION_MODE: "open" });
    expect(await signUpOffer()).toBe("first-account");

    await registerUser({ name: "Frida First", email: "frida@example.com", password: "secret1" });
    expect(await signUpOffer()).toBe("open");
    expect(await getRegistrationStatus(null)).toEqual({ allowed: true, mode: "open" });
    setEnv({ REGISTRATION_MODE: "invite" });
    expect(await signUpOffer()).toBe("invite");
    expect(await getRegistrationStatus(null)).toMatchObject({ allowed: false, reason: "invite-required" });
  });
});
