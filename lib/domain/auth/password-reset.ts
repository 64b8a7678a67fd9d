import "server-only";
import { db } from "@/lib/platform/db";
import { cancelEmailChanges, issueAccountToken, spendAccountToken } from "@/lib/domain/auth/account-tokens";
import { normalizeEmail } from "@/lib/platform/email/address";
import { hashPassword } from "@/lib/domain/auth/password";
import { sendEmail } from "@/lib/platform/email";
import { passwordResetEmail } from "@/lib/platform/email/templates";

const RESET_TTL_MS = 60 * 60 * 1000;
export const RESET_LINK_INVALID = "This reset link is invalid or has expired.";

/**
 * Sends a single-use reset link when the account exists. The caller answers the same either way, so the
 * response does not reveal which addresses have accounts.
 */
export async function requestPasswordReset(emailInput: string, origin: string) {
  const email = normalizeEmail(emailInput);
  const user = await db.user.findUnique({ where: { email }, select: { id: true, name: true, email: true } });
  if (!user) return;
  const token = await issueAccountToken(user.id, "password_reset", RESET_TTL_MS);
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  await sendEmail({ to: user.email, ...(await passwordResetEmail({ name: user.name, link })) });
}

/** Sets a new password from a reset token; the token is spent and every older session ends. */
export async function resetPassword(token: string, password: string) {
  const passwordHash = await hashPassword(password);
  await db.$transaction(async (tx) => {
    const { userId, spentAt: now } = await spendAccountToken(tx, token, "password_reset", RESET_LINK_INVALID);
    const user = await tx.user.update({
      where: { id: userId },
      data: { passwordHash, sessionVersion: { increment: 1 } },
      select: { id: true, emailVerified: true },
    });
    await cancelEmailChanges(tx, user.id);
    if (!user.emailVerified) {
      // The reset proved who owns the mailbox. Sign-in links made before, by providers that never vouched
      // for the address, may belong to someone else: they go.
      await tx.account.deleteMany({ where: { userId: user.id } });
      await tx.user.update({ where: { id: user.id }, data: { emailVerified: now } });
    }
  });
}
