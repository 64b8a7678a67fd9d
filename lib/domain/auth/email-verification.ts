import "server-only";
import { db } from "@/lib/platform/db";
import { issueAccountToken, spendAccountToken } from "@/lib/domain/auth/account-tokens";
import { sendEmail } from "@/lib/platform/email";
import { emailVerificationEmail } from "@/lib/platform/email/templates";
import { ConflictError } from "@/lib/platform/http/errors";
import { VERIFY_LINK_INVALID } from "@/lib/domain/validation/auth";

const VERIFY_TTL_MS = 24 * 3600_000;
export { VERIFY_LINK_INVALID };
export const ALREADY_VERIFIED = "Your e-mail address is already verified.";

/**
 * An account's address is proven (User.emailVerified) by an invitation sent to it, a sign-in provider that vouches
 * for it, this link, or a password reset. Until then nothing that depends on owning the address is shown (Shared
 * with me): anyone can register any address in open mode.
 */
export function isEmailVerified(user: { emailVerified: Date | null }) {
  return user.emailVerified !== null;
}

/** Mails a single-use link (24 h) to the account's address; an older unused link stops working. */
export async function sendVerificationEmail(user: { id: string; name: string; email: string }, origin: string) {
  const token = await issueAccountToken(user.id, "email_verification", VERIFY_TTL_MS);
  const link = `${origin}/verify-email?token=${encodeURIComponent(token)}`;
  await sendEmail({ to: user.email, ...(await emailVerificationEmail({ name: user.name, link })) });
}

/**
 * 'Resend link' on the banner: the account to mail, or 409 once its address is verified (the route then counts its
 * limit: each call mails someone's address, so only a few per account and per IP, and a refusal costs nothing).
 */
export async function verificationResendTarget(userId: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, name: true, email: true, emailVerified: true } });
  if (isEmailVerified(user)) throw new ConflictError(ALREADY_VERIFIED);
  return user;
}

/** Spends a verification link (once; 400 VERIFY_LINK_INVALID otherwise) and marks the address verified. */
export async function verifyEmailToken(token: string) {
  await db.$transaction(async (tx) => {
    const { userId, spentAt } = await spendAccountToken(tx, token, "email_verification", VERIFY_LINK_INVALID);
    // An address proven earlier (a reset, say) keeps its first proof.
    await tx.user.updateMany({ where: { id: userId, emailVerified: null }, data: { emailVerified: spentAt } });
  });
}
