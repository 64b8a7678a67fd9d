import { mockCookieJar } from "../../../recipient-cookie-jar";

jest.mock("next/headers", () => ({ cookies: async () => mockCookieJar.store() }));

import { encode } from "next-auth/jwt";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { getAuthOptions } from "@/lib/domain/auth/options";
import { currentSessionSignedInAt } from "@/lib/domain/auth/session";
import { sessionCookie } from "@/lib/domain/auth/session-cookie";
import { createUser } from "../../../factories";

/**
 * A session knows when its sign-in happened (`at`), which renewals keep: deleting an account without a password asks
 * for a sign-in of the last minutes (lib/features/account/delete.ts), and next-auth's `iat` moves with every renewal.
 */
describe("the sign-in time of a session", () => {
  beforeEach(() => mockCookieJar.clear());

  it("a password sign-in's cookie carries it", async () => {
    const user = await createUser();
    const before = Math.floor(Date.now() / 1000) * 1000;
    const cookie = await sessionCookie(user);
    mockCookieJar.cookies.set(cookie.name, cookie.value);
    const at = await currentSessionSignedInAt();
    expect(at!.getTime()).toBeGreaterThanOrEqual(before);
    expect(at!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("a social sign-in sets it, and a renewal of the token keeps it", async () => {
    const user = await createUser();
    await db.account.create({ data: { userId: user.id, type: "oauth", provider: "github", providerAccountId: "77" } });
    const jwt = getAuthOptions().callbacks!.jwt!;
    const account = { provider: "github", providerAccountId: "77", type: "oauth" as const };
    const signedIn = await jwt({ token: {}, account, user: { id: user.id } } as Parameters<typeof jwt>[0]);
    expect(signedIn).toMatchObject({ sub: user.id, sid: expect.any(String), at: expect.any(Number) });
    const renewed = await jwt({ token: { ...signedIn, iat: 9_999_999_999 } } as unknown as Parameters<typeof jwt>[0]);
    expect(renewed.at).toBe(signedIn.at);
  });

  it("null without a session, or for a session issued before the claim existed", async () => {
    expect(await currentSessionSignedInAt()).toBeNull();
    const user = await createUser();
    const old = await encode({ secret: getEnv().NEXTAUTH_SECRET, token: { sub: user.id, sid: "old-session", sv: 0 } });
    mockCookieJar.cookies.set((await sessionCookie(user)).name, old);
    expect(await currentSessionSignedInAt()).toBeNull();
  });
});
