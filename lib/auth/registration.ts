import "server-only";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { normalizeEmail } from "@/lib/auth/email";

const INVITE_TTL_DAYS = 14;

export type RegistrationStatus = {
  allowed: boolean;
  mode: "invite" | "open";
  reason?: "invite-required" | "invite-invalid";
  inviteEmail?: string;
};

async function isEmptyInstance() {
  return (await db.user.count()) === 0;
}

export async function findUsableInvite(token: string | null | undefined) {
  if (!token) return null;
  return db.invite.findFirst({ where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: new Date() } } });
}

/** What the registration screen may offer: the form, or an invite-only notice. */
export async function getRegistrationStatus(invite?: string | null): Promise<RegistrationStatus> {
  const mode = getEnv().REGISTRATION_MODE;
  if (mode === "open" || (await isEmptyInstance())) return { allowed: true, mode };
  if (!invite) return { allowed: false, mode, reason: "invite-required" };
  const found = await findUsableInvite(invite);
  return found ? { allowed: true, mode, inviteEmail: found.email } : { allowed: false, mode, reason: "invite-invalid" };
}

/** Whether someone holding `invite` (or nothing) may create an account now. */
export async function registrationIsOpenTo(invite: string | null) {
  return (await getRegistrationStatus(invite)).allowed;
}

export async function createInvite(email: string, createdById?: string) {
  const { token, hash } = newToken();
  const invite = await db.invite.create({
    data: {
      tokenHash: hash,
      email: normalizeEmail(email),
      createdById: createdById ?? null,
      expiresAt: new Date(Date.now() + INVITE_TTL_DAYS * 24 * 3600_000),
    },
  });
  return { invite, token };
}
