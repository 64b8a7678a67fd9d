import "server-only";
import { db } from "@/lib/platform/db";
import { newToken, hashToken } from "@/lib/domain/auth/tokens";
import { ValidationError } from "@/lib/platform/http/errors";
import type { AccountTokenPurpose, Prisma } from "@/lib/generated/prisma/client";

/**
 * Single-use links e-mailed to an account (password reset, e-mail verification, e-mail change). The token is only in
 * the link; the database keeps its SHA-256. Returns the token to put in the link. Only the newest link of a purpose
 * works. `newEmail`: the address an e-mail change link moves the account to.
 */
export async function issueAccountToken(userId: string, purpose: AccountTokenPurpose, ttlMs: number, newEmail?: string): Promise<string> {
  const { token, hash } = newToken();
  await db.$transaction([
    db.accountToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: new Date() } }),
    db.accountToken.create({ data: { userId, purpose, tokenHash: hash, newEmail, expiresAt: new Date(Date.now() + ttlMs) } }),
  ]);
  return token;
}

/**
 * Spends a token inside the caller's transaction and returns its account id. An unknown, used, expired or
 * other-purpose token is a 400 with `invalidMessage`; a conditional UPDATE makes two concurrent uses spend it once.
 */
export async function spendAccountToken(
  tx: Prisma.TransactionClient,
  token: string,
  purpose: AccountTokenPurpose,
  invalidMessage: string,
): Promise<{ userId: string; spentAt: Date; newEmail: string | null }> {
  const now = new Date();
  const row = await tx.accountToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt <= now) throw new ValidationError(invalidMessage);
  const spent = await tx.accountToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
  if (spent.count !== 1) throw new ValidationError(invalidMessage);
  return { userId: row.userId, spentAt: now, newEmail: row.newEmail };
}

/**
 * A new password (changed or reset) cancels the account's pending e-mail changes: the mail to the old address tells
 * its owner that changing the password stops a change they did not ask for, and whoever asked knew the old password.
 */
export async function cancelEmailChanges(tx: Prisma.TransactionClient, userId: string) {
  await tx.accountToken.updateMany({ where: { userId, purpose: "email_change", usedAt: null }, data: { usedAt: new Date() } });
}
