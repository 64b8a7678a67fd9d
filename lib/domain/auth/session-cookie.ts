import "server-only";
import crypto from "node:crypto";
import { encode } from "next-auth/jwt";
import { getEnv } from "@/lib/platform/env";
import { SESSION_MAX_AGE_SECONDS, sessionCookieName, secureCookiesEnabled } from "@/lib/domain/auth/cookies";

/**
 * A stable id for one login session, kept across token renewals; logout revokes it. Each sign-in also records when it
 * happened (`at`, seconds): next-auth re-issues the token (and its `iat`) on every renewal, so `iat` cannot tell a fresh
 * sign-in from an old session kept alive, which deleting an account without a password needs (lib/features/account/delete.ts).
 */
export function newSessionId() {
  return crypto.randomBytes(16).toString("base64url");
}

/** The claims every new session starts with: its id and the sign-in time. */
export function newSessionClaims(now = Date.now()) {
  return { sid: newSessionId(), at: Math.floor(now / 1000) };
}

type SessionUser = { id: string; name: string; email: string; sessionVersion: number };

/** Issues the same JWT session cookie next-auth would, so getServerSession and the proxy accept it. */
export async function sessionCookie(user: SessionUser) {
  const value = await encode({
    secret: getEnv().NEXTAUTH_SECRET,
    maxAge: SESSION_MAX_AGE_SECONDS,
    token: { sub: user.id, name: user.name, email: user.email, sv: user.sessionVersion, ...newSessionClaims() },
  });
  return {
    name: sessionCookieName(),
    value,
    options: {
      httpOnly: true,
      sameSite: "lax" as const,
      path: "/",
      secure: secureCookiesEnabled(),
      maxAge: SESSION_MAX_AGE_SECONDS,
    },
  };
}

export function clearedSessionCookie() {
  return {
    name: sessionCookieName(),
    value: "",
    options: { httpOnly: true, sameSite: "lax" as const, path: "/", secure: secureCookiesEnabled(), maxAge: 0 },
  };
}
