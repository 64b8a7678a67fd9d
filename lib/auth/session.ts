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

/**
 * The signed-in user, or null. The JWT is only a pointer: the user must still exist and the token's
 * session version must match (a password reset ends every older session).
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const raw = (await cookies()).get(sessionCookieName())?.value;
  if (!raw) return null;
  let token: Awaited<ReturnType<typeof decode>>;
  try {
    token = await decode({ token: raw, secret: getEnv().NEXTAUTH_SECRET });
  } catch {
    return null;
  }
  if (!token?.sub) return null;
  const user = await db.user.findUnique({
    where: { id: token.sub },
    select: { id: true, name: true, email: true, profileImageId: true, sessionVersion: true },
  });
  if (!user || (token.sv ?? 0) !== user.sessionVersion) return null;
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
