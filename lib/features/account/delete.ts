import "server-only";
import { db } from "@/lib/platform/db";
import { ForbiddenError, NotFoundError, ValidationError } from "@/lib/platform/http/errors";
import { verifyPassword } from "@/lib/domain/auth/password";
import { sendEmail } from "@/lib/platform/email";
import { accountDeletedEmail } from "@/lib/platform/email/templates";
import { deleteAssetBlobs } from "@/lib/domain/files";
import { blobStore } from "@/lib/platform/storage";
import { deleteBrandLogoBlob } from "@/lib/domain/brand";
import { assertNotExhausted, recordFailures } from "@/lib/platform/rate-limit";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { runAfterResponse } from "@/lib/platform/server/after-response";

/** How recent a social account's sign-in must be to delete the account (it has no password to ask for). */
export const FRESH_SIGN_IN_SECONDS = 5 * 60;

export const WRONG_PASSWORD = "Incorrect password.";
export const PASSWORD_REQUIRED = "Enter your password to delete your account.";
export const SIGN_IN_AGAIN = "Please sign in again to confirm it is you, then delete your account within 5 minutes.";

/** Whether a session's sign-in (its `at` claim) is recent enough to delete an account that has no password. */
export function isFreshSignIn(signedInAt: Date | null, now = new Date()) {
  return signedInAt !== null && now.getTime() - signedInAt.getTime() <= FRESH_SIGN_IN_SECONDS * 1000;
}

/**
 * What the "Delete account" section needs to know: a password to ask for, or the providers to sign in again with and
 * whether this session's sign-in is still fresh.
 */
export async function deletionRequirements(userId: string, signedInAt: Date | null) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { passwordHash: true, accounts: { select: { provider: true } } },
  });
  if (!user) throw new NotFoundError("Account not found");
  return {
    hasPassword: user.passwordHash !== null,
    providers: [...new Set(user.accounts.map((a) => a.provider))].sort(),
    freshSignIn: isFreshSignIn(signedInAt),
  };
}

/**
 * Whether this request may delete the account: the password for an account that has one (a wrong one is a 403, like
 * a refused sign-in, and counts against a per-account failure limit), otherwise a sign-in made in the last 5 minutes
 * (the session's `at` claim, lib/domain/auth/session-cookie.ts). A stolen session alone deletes nothing.
 */
async function assertConfirmed(user: { id: string; passwordHash: string | null }, proof: { password?: string; signedInAt: Date | null }, now: Date) {
  if (user.passwordHash !== null) {
    if (!proof.password) throw new ValidationError(PASSWORD_REQUIRED);
    const failures = rateLimits.accountDeleteFailures(user.id);
    await assertNotExhausted(failures);
    if (!(await verifyPassword(proof.password, user.passwordHash))) {
      await recordFailures(failures);
      throw new ForbiddenError(WRONG_PASSWORD);
    }
    return;
  }
  if (!isFreshSignIn(proof.signedInAt, now)) throw new ForbiddenError(SIGN_IN_AGAIN);
}

/**
 * Deletes an account and everything that is its own, in one transaction: deleting the User row cascades (see
 * prisma/schema.prisma) to its ideas, their files' rows, share links, the recipients of those links with their
 * agreements, views, reading times and comments, the timestamp proofs, OAuth links and account tokens. A link then
 * answers 404 like any unknown link, and every session of the account stops working at once (lib/domain/auth/session.ts
 * loads the user behind each token; there is none any more).
 *
 * What stays: recipient records and agreements this person made on OTHER owners' ideas. They are rows of those
 * owners' links, tied to the address typed in, not to this account, so nothing here reaches them. Invitations this
 * account sent and that were used stay as the invitee's history (their sender becomes null); unused ones are deleted
 * (the address of someone who never joined), and so is the invitation this account registered with (it holds its
 * address).
 *
 * Blobs are deleted after the commit (a store cannot join the transaction): each file, its marked copies and page
 * images (lib/domain/files deleteAssetBlobs), the brand logo, then the account's whole folder for anything left over. A failure there is
 * logged, never thrown: the account is gone either way, and the confirmation mail is sent after the response.
 */
export async function deleteAccount(userId: string, proof: { password?: string; signedInAt: Date | null }, now = new Date()) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, name: true, passwordHash: true, brandLogoKey: true } });
  if (!user) throw new NotFoundError("Account not found");
  await assertConfirmed(user, proof, now);

  const { assets, ideas } = await db.$transaction(async (tx) => {
    const assets = await tx.asset.findMany({ where: { ownerId: userId }, select: { id: true, blobKey: true } });
    const ideas = await tx.idea.count({ where: { ownerId: userId } });
    await tx.invite.deleteMany({ where: { OR: [{ usedById: userId }, { createdById: userId, usedAt: null }] } });
    await tx.verificationToken.deleteMany({ where: { identifier: user.email } });
    await tx.user.delete({ where: { id: userId } });
    return { assets, ideas };
  });

  await deleteAssetBlobs(assets);
  await deleteBrandLogoBlob(user.brandLogoKey);
  await blobStore()
    .deletePrefix(`u/${userId}/`)
    .catch((err) => console.error(`[account] could not delete the blob folder of deleted account ${userId}`, err));

  await runAfterResponse("account deleted mail", () =>
    accountDeletedEmail({ name: user.name, ideas }).then((mail) => sendEmail({ to: user.email, ...mail })),
  );
}
