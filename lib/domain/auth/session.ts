import "server-only";
import { cache } from "react";
import { redirect } from "next/navigation";
import { cookies } from "next/headers";
import { decode } from "next-auth/jwt";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { SESSION_MAX_AGE_SECONDS, sessionCookieName } from "@/lib/domain/auth/cookies";
import { UnauthorizedError } from "@/lib/platform/http/errors";

export type CurrentUser = {
  id: string;
  name: string;
  email: string;
  profileImage: string | null;
  /** Whether the account proved it owns `email` (lib/domain/auth/email-verification.ts). */
  emailVerified: boolean;
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

type SessionToken = { sub?: string; sid?: unknown; sv?: unknown } | null;

/**
 * The user behind a decoded session token, or null. The JWT is only a pointer: the user must still exist,
 * the token's session version must match (a password reset ends every older session) and its session id
 * must not have been logged out. The sid survives next-auth re-encoding the token (its jti does not).
 */
export async function loadSessionUser(token: SessionToken) {
  if (!token?.sub || typeof token.sid !== "string") return null;
  const [user, revoked] = await Promise.all([
    db.user.findUnique({
      where: { id: token.sub },
      select: { id: true, name: true, email: true, profileImageId: true, sessionVersion: true, emailVerified: true },
    }),
    db.revokedSession.findUnique({ where: { sid: token.sid }, select: { sid: true } }),
  ]);
  if (!user || revoked || (token.sv ?? 0) !== user.sessionVersion) return null;
  return user;
}

/** The signed-in user, or null. */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const user = await loadSessionUser(await readSessionToken());
  if (!user) return null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profileImage: profileImageUrl(user.profileImageId),
    emailVerified: user.emailVerified !== null,
  };
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

/** Ends one login session everywhere: every token carrying this sid is refused from now on. */
export async function revokeSession(sid: string) {
  // next-auth may have slid the expiry forward since; keep the revocation for a whole session lifetime.
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  await db.revokedSession.upsert({ where: { sid }, create: { sid, expiresAt }, update: { expiresAt } });
  await db.revokedSession.deleteMany({ where: { expiresAt: { lt: new Date() } } });
}

/**
 * When the current session's sign-in happened (the `at` claim), or null for a session issued before the claim existed
 * or no session. Used to ask for a fresh sign-in where a password cannot be asked (social accounts).
 */
export async function currentSessionSignedInAt(): Promise<Date | null> {
  const token = await readSessionToken();
  return typeof token?.at === "number" && Number.isFinite(token.at) ? new Date(token.at * 1000) : null;
}

/** Logout: the session stops working everywhere, not just in this browser. */
export async function revokeCurrentSession() {
  const token = await readSessionToken();
  if (typeof token?.sid === "string") await revokeSession(token.sid);
}
