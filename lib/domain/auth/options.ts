import "server-only";
import type { NextAuthOptions } from "next-auth";
import { getEnv } from "@/lib/platform/env";
import { configuredOAuthProviders } from "@/lib/domain/auth/providers";
import { SESSION_MAX_AGE_SECONDS, secureCookiesEnabled } from "@/lib/domain/auth/cookies";
import { linkOAuthAccount, findUserForToken, providerVerifiedEmail } from "@/lib/domain/auth/oauth";
import { newSessionClaims } from "@/lib/domain/auth/session-cookie";
import { loadSessionUser, revokeSession } from "@/lib/domain/auth/session";
import { safeRedirectPath } from "@/lib/platform/http/safe-redirect";

/**
 * next-auth handles the OAuth round trips and the session cookie; e-mail + password sign-in goes through
 * POST /api/auth/login, which issues the same JWT cookie (lib/domain/auth/session-cookie.ts).
 */
export function getAuthOptions(): NextAuthOptions {
  return {
    secret: getEnv().NEXTAUTH_SECRET,
    useSecureCookies: secureCookiesEnabled(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login", error: "/login" },
    logger: {
      // An ended session refused during renewal is expected, not an error worth a stack trace.
      error(code, metadata) {
        if (code !== "JWT_SESSION_ERROR") console.error(`[next-auth] ${code}`, metadata);
      },
      warn(code) {
        if (code !== "NEXTAUTH_URL" && code !== "NO_SECRET") console.warn(`[next-auth] ${code}`);
      },
    },
    providers: configuredOAuthProviders(),
    events: {
      // next-auth's own sign-out (POST /api/auth/signout) only clears the cookie: a copied token would stay
      // valid until it expires, so end the session the way our logout does.
      async signOut({ token }) {
        if (typeof token?.sid === "string") await revokeSession(token.sid);
      },
    },
    callbacks: {
      async signIn({ account, profile, user }) {
        if (!account || account.type !== "oauth") return false;
        const email = user.email ?? profile?.email ?? null;
        const linked = await linkOAuthAccount({
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          email,
          // Only an address the provider says is verified counts as proven (and may join an existing account).
          emailVerified: await providerVerifiedEmail({ provider: account.provider, email, profile, accessToken: account.access_token }),
          name: user.name ?? profile?.name ?? null,
          account,
        });
        return linked ? true : "/login?error=OAuthNotInvited";
      },
      async jwt({ token, account }) {
        if (account) {
          const user = await findUserForToken(account.provider, account.providerAccountId);
          if (!user) throw new Error("OAuth account is not linked");
          return { ...token, sub: user.id, sv: user.sessionVersion, ...newSessionClaims() };
        }
        // next-auth re-issues the cookie on /api/auth/session: a logged-out or outdated session must not
        // come back to life that way. Throwing makes next-auth clear the cookie.
        if (!(await loadSessionUser(token))) throw new Error("Session ended");
        return token;
      },
      // callbackUrl arrives from the client (sign-in, sign-out): only a same-origin path may come back out.
      async redirect({ url, baseUrl }) {
        const origin = new URL(baseUrl).origin;
        let candidate: string | null = url;
        if (!url.startsWith("/")) {
          try {
            const absolute = new URL(url);
            candidate = absolute.origin === origin ? `${absolute.pathname}${absolute.search}${absolute.hash}` : null;
          } catch {
            candidate = null;
          }
        }
        return `${origin}${safeRedirectPath(candidate)}`;
      },
      async session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.sub } };
      },
    },
  };
}
