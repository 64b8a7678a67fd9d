import "server-only";
import { cache } from "react";
import { redirect } from "next/navigation";
import { cookies } from "next/headers";
import { decode } from "next-auth/jwt";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { sessionCookieName } from "@/lib/auth/cookies";
import { UnauthorizedError } from "@/lib/api/errors";

export type CurrentUser = {
  id: string;
  name: string;
  email: string;
  profileImage: string | null;
};

export function profileImageUrl(profileImageId: string | null) {
  return profileImageId ? `/api/files/${profileImageId}` : null;
}

async function readSessionToken() {
  const raw = (await cookies()).get(sessionCookieName())?.value;
  if (!raw) return null;
  try {
    return await decode({ token: raw, secret: getEnv().NEXTAUTH_SECRET });
  } catch {
    return null;
  }
}

/**
 * The signed-in user, or null. The JWT is only a pointer: the user must still exist, the token's session
 * version must match (a password reset ends every older session) and it must not have been logged out.
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const token = await readSessionToken();
  if (!token?.sub) return null;
  const [user, revoked] = await Promise.all([
    db.user.findUnique({
      where: { id: token.sub },
      select: { id: true, name: true, email: true, profileImageId: true, sessionVersion: true },
    }),
    token.jti ? db.revokedSession.findUnique({ where: { jti: String(token.jti) }, select: { jti: true } }) : null,
  ]);
  if (!user || revoked || (token.sv ?? 0) !== user.sessionVersion) return null;
  return { id: user.id, name: user.name, email: user.email, profileImage: profileImageUrl(user.profileImageId) };
});

/** For route handlers: 401 without a valid session. */
export async function requireUser(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) throw new UnauthorizedError();
  return user;
}

/** For pages: back to the login screen without a valid session. */
export async function requirePageUser(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  return user;
}

/** Logout: the current JWT stops working everywhere, not just in this browser. */
export async function revokeCurrentSession() {
  const token = await readSessionToken();
  if (!token?.jti) return;
  const expiresAt = new Date(typeof token.exp === "number" ? token.exp * 1000 : Date.now() + 30 * 24 * 3600_000);
  await db.revokedSession.upsert({ where: { jti: String(token.jti) }, create: { jti: String(token.jti), expiresAt }, update: {} });
  await db.revokedSession.deleteMany({ where: { expiresAt: { lt: new Date() } } });
}
