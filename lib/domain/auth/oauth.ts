import "server-only";
import type { Account } from "next-auth";
import { db } from "@/lib/platform/db";
import { normalizeEmail } from "@/lib/platform/email/address";
import { registrationIsOpenTo } from "@/lib/domain/auth/registration";
import { sendVerificationEmail } from "@/lib/domain/auth/email-verification";
import { originForHost } from "@/lib/platform/http/origin";

const GITHUB_EMAILS_URL = "https://api.github.com/user/emails";
const PROVIDER_TIMEOUT_MS = 5000;

/**
 * Whether the provider itself says `email` is verified (only then does the sign-in count as proof of the address):
 * Google's ID token carries `email_verified`; GitHub's profile does not, but its e-mail list (scope `user:email`,
 * which next-auth asks for) marks each address `verified`; X gives no verified address. Any doubt is "no".
 */
export async function providerVerifiedEmail(input: {
  provider: string;
  email: string | null;
  profile: unknown;
  accessToken: string | undefined;
}): Promise<boolean> {
  if (!input.email) return false;
  const email = normalizeEmail(input.email);
  if (input.provider === "google") {
    const p = input.profile as { email_verified?: unknown; email?: unknown } | undefined;
    return p?.email_verified === true && typeof p.email === "string" && normalizeEmail(p.email) === email;
  }
  if (input.provider === "github" && input.accessToken) {
    try {
      const res = await fetch(GITHUB_EMAILS_URL, {
        headers: { Authorization: `token ${input.accessToken}`, Accept: "application/vnd.github+json" },
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      if (!res.ok) return false;
      const list: unknown = await res.json();
      return (
        Array.isArray(list) &&
        list.some((e: { email?: unknown; verified?: unknown }) => typeof e?.email === "string" && normalizeEmail(e.email) === email && e.verified === true)
      );
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * Finds or creates the IdeaVault user behind an OAuth sign-in. A new provider account joins an existing
 * IdeaVault account only when both sides proved the address: the provider vouches for it, and the account's
 * address was verified too (password sign-ups are not, and could have been made by someone else to wait
 * for the real owner). A new person may only come in while registration is open to them.
 */
export async function linkOAuthAccount(input: {
  provider: string;
  providerAccountId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  account: Account;
}): Promise<boolean> {
  const existing = await db.account.findUnique({
    where: { provider_providerAccountId: { provider: input.provider, providerAccountId: input.providerAccountId } },
  });
  if (existing) return true;
  if (!input.email) return false;
  const email = normalizeEmail(input.email);
  let user = await db.user.findUnique({ where: { email } });
  if (user && !(input.emailVerified && user.emailVerified)) return false;
  if (!user) {
    if (!(await registrationIsOpenTo(null))) return false;
    user = await db.user.create({
      data: { email, name: input.name?.trim() || email.split("@")[0], emailVerified: input.emailVerified ? new Date() : null },
    });
    if (!input.emailVerified) {
      // Like an open registration: the address must be proven before Shared with me shows anything.
      await sendVerificationEmail(user, originForHost(null)).catch((err) => console.error("[auth] verification e-mail failed", err));
    }
  }
  const a = input.account;
  await db.account.create({
    data: {
      userId: user.id,
      type: a.type,
      provider: input.provider,
      providerAccountId: input.providerAccountId,
      refresh_token: a.refresh_token ?? null,
      access_token: a.access_token ?? null,
      expires_at: a.expires_at ?? null,
      token_type: a.token_type ?? null,
      scope: a.scope ?? null,
      id_token: a.id_token ?? null,
      session_state: typeof a.session_state === "string" ? a.session_state : null,
    },
  });
  return true;
}

export async function findUserForToken(provider: string, providerAccountId: string) {
  const account = await db.account.findUnique({
    where: { provider_providerAccountId: { provider, providerAccountId } },
    select: { user: { select: { id: true, sessionVersion: true } } },
  });
  return account?.user ?? null;
}
