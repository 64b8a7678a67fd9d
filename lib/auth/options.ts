import "server-only";
import type { NextAuthOptions } from "next-auth";
import { getEnv } from "@/lib/env";
import { configuredOAuthProviders } from "@/lib/auth/providers";
import { SESSION_MAX_AGE_SECONDS, secureCookiesEnabled } from "@/lib/auth/cookies";
import { linkOAuthAccount, findUserForToken } from "@/lib/auth/oauth";

/**
 * next-auth handles the OAuth round trips and the session cookie; e-mail + password sign-in goes through
 * POST /api/auth/login, which issues the same JWT cookie (lib/auth/session-cookie.ts).
 */
export function getAuthOptions(): NextAuthOptions {
  return {
    secret: getEnv().NEXTAUTH_SECRET,
    useSecureCookies: secureCookiesEnabled(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login", error: "/login" },
    providers: configuredOAuthProviders(),
    callbacks: {
      async signIn({ account, profile, user }) {
        if (!account || account.type !== "oauth") return false;
        const linked = await linkOAuthAccount({
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          email: user.email ?? profile?.email ?? null,
          // Only Google states that the address is verified; other providers never link to an existing account.
          emailVerified: account.provider === "google" && (profile as { email_verified?: boolean } | undefined)?.email_verified === true,
          name: user.name ?? profile?.name ?? null,
          account,
        });
        return linked ? true : "/login?error=OAuthNotInvited";
      },
      async jwt({ token, account }) {
        if (account) {
          const user = await findUserForToken(account.provider, account.providerAccountId);
          if (user) {
            token.sub = user.id;
            token.sv = user.sessionVersion;
          }
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.sub } };
      },
    },
  };
}
