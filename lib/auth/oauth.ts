import "server-only";
import type { Account } from "next-auth";
import { db } from "@/lib/db";
import { normalizeEmail } from "@/lib/auth/email";
import { registrationIsOpenTo } from "@/lib/auth/registration";

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
