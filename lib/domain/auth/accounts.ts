import "server-only";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { ConflictError, ForbiddenError } from "@/lib/platform/http/errors";
import { hashPassword, verifyPassword } from "@/lib/domain/auth/password";
import { normalizeEmail } from "@/lib/platform/email/address";
import { hashToken } from "@/lib/domain/auth/tokens";
import type { RegisterInput } from "@/lib/domain/validation/auth";

export const EMAIL_TAKEN = "Registration failed. Email may already be in use.";

function isUniqueViolation(err: unknown) {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";
}

/** Spends `invite` when it is usable and was sent to `email`; whether it was. */
async function spendInvite(tx: Prisma.TransactionClient, invite: string, email: string) {
  // An invitation is personal: it is spent only by the address it was sent to.
  const used = await tx.invite.updateMany({
    where: { tokenHash: hashToken(invite), email, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  return used.count === 1;
}

/**
 * Creates an account. In invite mode the invite is consumed in the same transaction, so one invite makes
 * exactly one account; the empty-instance bootstrap is serialized by an advisory lock. An account that came
 * through an invitation proved its address (the invitation was mailed to it): it starts verified. Any other
 * (open registration, the bootstrap account) starts unverified and needs the e-mailed link (lib/domain/auth/email-verification.ts).
 */
export async function registerUser(input: RegisterInput) {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const openMode = getEnv().REGISTRATION_MODE === "open";
  try {
    return await db.$transaction(async (tx) => {
      let invited = false;
      if (!openMode) {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(4242001)`;
        const empty = (await tx.user.count()) === 0;
        if (!empty) {
          if (!input.invite) throw new ForbiddenError("IdeaVault is invite only. An invitation is required to register.");
          invited = await spendInvite(tx, input.invite, email);
          if (!invited) {
            throw new ForbiddenError("This invitation link is invalid, has already been used, or was sent to another e-mail address.");
          }
        }
      } else if (input.invite) {
        // Open mode needs no invitation, but one sent to this address still proves it.
        invited = await spendInvite(tx, input.invite, email);
      }
      if (await tx.user.findUnique({ where: { email }, select: { id: true } })) throw new ConflictError(EMAIL_TAKEN);
      const user = await tx.user.create({ data: { email, name: input.name.trim(), passwordHash, emailVerified: invited ? new Date() : null } });
      if (invited && input.invite) {
        await tx.invite.updateMany({ where: { tokenHash: hashToken(input.invite) }, data: { usedById: user.id } });
      }
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(EMAIL_TAKEN);
    throw err;
  }
}

/** The user for a correct e-mail + password, else null (same timing either way). */
export async function authenticate(emailInput: string, password: string) {
  const email = normalizeEmail(emailInput);
  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, name: true, email: true, profileImageId: true, sessionVersion: true, passwordHash: true },
  });
  const ok = await verifyPassword(password, user?.passwordHash);
  if (!ok || !user) return null;
  const { passwordHash: _omit, ...safe } = user;
  return safe;
}
