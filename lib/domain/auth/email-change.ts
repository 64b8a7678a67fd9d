import "server-only";
import { db } from "@/lib/platform/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { issueAccountToken, spendAccountToken } from "@/lib/domain/auth/account-tokens";
import type { CheckedAccount } from "@/lib/domain/auth/change-password";
import { normalizeEmail } from "@/lib/platform/email/address";
import { sendEmail } from "@/lib/platform/email";
import { emailChangeConfirmEmail, emailChangeRequestedEmail } from "@/lib/platform/email/templates";
import { ConflictError, ValidationError } from "@/lib/platform/http/errors";
import { runAfterResponse } from "@/lib/platform/server/after-response";
import { EMAIL_CHANGE_LINK_INVALID } from "@/lib/domain/validation/auth-messages";

const EMAIL_CHANGE_TTL_MS = 24 * 3600_000;
export { EMAIL_CHANGE_LINK_INVALID };
export const EMAIL_CHANGE_TAKEN = "An account with this email already exists.";
export const EMAIL_CHANGE_SAME = "This is already your e-mail address.";
export const NO_PASSWORD_FOR_EMAIL_CHANGE =
  "This account signs in with Google, GitHub or X: its e-mail address is the one that sign-in gives, and cannot be changed here.";

/** 409 when the address is another account's (checked before mailing, and again when the link is opened). */
function assertAddressFree(holder: { id: string } | null) {
  if (holder) throw new ConflictError(EMAIL_CHANGE_TAKEN);
}

/**
 * 'Change e-mail' on /profile, the current password checked (lib/domain/auth/change-password.ts): a single-use link
 * (24 h, only the newest works) goes to the NEW address, and the current address is told a change was asked for. The
 * account keeps its address until the link is opened: whoever asks must own the new mailbox, and the owner of the old
 * one hears of it in time.
 */
export async function requestEmailChange(account: CheckedAccount, newEmailInput: string, origin: string) {
  const newEmail = normalizeEmail(newEmailInput);
  const user = await db.user.findUniqueOrThrow({ where: { id: account.id }, select: { id: true, name: true, email: true } });
  if (newEmail === user.email) throw new ValidationError(EMAIL_CHANGE_SAME);
  assertAddressFree(await db.user.findUnique({ where: { email: newEmail }, select: { id: true } }));
  const token = await issueAccountToken(user.id, "email_change", EMAIL_CHANGE_TTL_MS, newEmail);
  const link = `${origin}/confirm-email?token=${encodeURIComponent(token)}`;
  await sendEmail({ to: newEmail, ...(await emailChangeConfirmEmail({ name: user.name, link })) });
  await runAfterResponse("e-mail change notice", () =>
    emailChangeRequestedEmail({ name: user.name, newEmail }).then((mail) => sendEmail({ to: user.email, ...mail })),
  );
  console.info(`[account] ${user.id} asked to change its e-mail address; a confirmation link was mailed to the new one`);
}

/**
 * Opening the link (once; 400 EMAIL_CHANGE_LINK_INVALID for an unknown, used or expired one, 409 when the address was
 * taken since): the account moves to the new address, now verified (the link reached it), and every session issued
 * before ends as after a password change (the session version goes up). Other unused links of the account (an older
 * verification of the previous address) stop working. Returns the account, for the caller to sign this browser in
 * again when it was the account's.
 */
export async function confirmEmailChange(token: string) {
  try {
    const changed = await db.$transaction(async (tx) => {
      const { userId, spentAt, newEmail } = await spendAccountToken(tx, token, "email_change", EMAIL_CHANGE_LINK_INVALID);
      if (!newEmail) throw new ValidationError(EMAIL_CHANGE_LINK_INVALID);
      assertAddressFree(await tx.user.findUnique({ where: { email: newEmail }, select: { id: true } }));
      await tx.accountToken.updateMany({
        // A reset link mailed to the old address would hand the account back to whoever still reads that mailbox.
        where: { userId, usedAt: null, purpose: { in: ["email_change", "email_verification", "password_reset"] } },
        data: { usedAt: spentAt },
      });
      return tx.user.update({
        where: { id: userId },
        data: { email: newEmail, emailVerified: spentAt, sessionVersion: { increment: 1 } },
        select: { id: true, name: true, email: true, sessionVersion: true },
      });
    });
    console.info(`[account] ${changed.id} changed its e-mail address; its other sessions ended`);
    return changed;
  } catch (err) {
    // Two accounts moving to one address at once: the unique index decides, and the loser is told as above.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") throw new ConflictError(EMAIL_CHANGE_TAKEN);
    throw err;
  }
}
