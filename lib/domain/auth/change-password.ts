import "server-only";
import { db } from "@/lib/platform/db";
import { ForbiddenError, NotFoundError, ValidationError } from "@/lib/platform/http/errors";
import { hashPassword, verifyPassword } from "@/lib/domain/auth/password";
import { cancelEmailChanges } from "@/lib/domain/auth/account-tokens";
import { sendEmail } from "@/lib/platform/email";
import { passwordChangedEmail } from "@/lib/platform/email/templates";
import { runAfterResponse } from "@/lib/platform/server/after-response";
import type { ChangePasswordInput } from "@/lib/domain/validation/auth";

export const WRONG_CURRENT_PASSWORD = "Incorrect password.";
export const NO_PASSWORD_TO_CHANGE = "This account signs in with Google, GitHub or X and has no password to change.";

/**
 * 'Change password' on /profile, first: the account, if it has a password to change. The current password is then
 * required (a borrowed session alone changes nothing); PUT /api/profile/password counts wrong ones against a
 * per-account limit around checkCurrentPassword (failure accounting, the route's like login's). 'Change e-mail'
 * (lib/domain/auth/email-change.ts) asks for the current password the same way, counted against the same limit.
 */
export async function passwordAccount(userId: string, noPasswordMessage = NO_PASSWORD_TO_CHANGE) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, passwordHash: true } });
  if (!user) throw new NotFoundError("Account not found");
  if (user.passwordHash === null) throw new ValidationError(noPasswordMessage);
  return { id: user.id, passwordHash: user.passwordHash };
}

export type PasswordAccount = Awaited<ReturnType<typeof passwordAccount>>;

declare const passwordChecked: unique symbol;
/** The account once its current password was given: the only thing changePassword accepts. */
export type CheckedAccount = PasswordAccount & { readonly [passwordChecked]: true };

/** The account, if `currentPassword` is its password; null otherwise. */
export async function checkCurrentPassword(user: PasswordAccount, currentPassword: string): Promise<CheckedAccount | null> {
  return (await verifyPassword(currentPassword, user.passwordHash)) ? (user as CheckedAccount) : null;
}


/**
 * Then the change, the current password checked: the session version goes up, so every session issued before ends,
 * including this one's token, and the caller issues this browser a new session (the user stays signed in here only).
 * The account is told by e-mail.
 */
export async function changePassword(user: CheckedAccount, input: ChangePasswordInput) {
  const passwordHash = await hashPassword(input.newPassword);
  // Only if the password is still the one just checked: two changes at once cannot both win.
  const updated = await db.$transaction(async (tx) => {
    const changed = await tx.user.updateMany({
      where: { id: user.id, passwordHash: user.passwordHash },
      data: { passwordHash, sessionVersion: { increment: 1 } },
    });
    if (changed.count === 1) await cancelEmailChanges(tx, user.id);
    return changed;
  });
  if (updated.count !== 1) throw new ForbiddenError(WRONG_CURRENT_PASSWORD);
  const changed = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { id: true, name: true, email: true, sessionVersion: true } });
  await runAfterResponse("password changed mail", () => passwordChangedEmail({ name: changed.name }).then((mail) => sendEmail({ to: changed.email, ...mail })));
  return changed;
}
