import { getEnv } from "@/lib/platform/env";

/** next-auth's own rule: Secure cookies (and the __Secure- prefix) whenever the site is served over https. */
export function secureCookiesEnabled() {
  const e = getEnv();
  return e.NEXTAUTH_URL ? e.NEXTAUTH_URL.startsWith("https://") : !!e.VERCEL;
}

export function sessionCookieName() {
  return `${secureCookiesEnabled() ? "__Secure-" : ""}next-auth.session-token`;
}

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
