import "server-only";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { hashToken, newToken } from "@/lib/domain/auth/tokens";
import { normalizeEmail } from "@/lib/platform/email/address";
import { ConflictError } from "@/lib/platform/http/errors";
import { sendEmail } from "@/lib/platform/email";
import { inviteEmail } from "@/lib/platform/email/templates";

const INVITE_TTL_DAYS = 14;

export type RegistrationStatus = {
  allowed: boolean;
  mode: "invite" | "open";
  /** No account exists yet: this one is the instance's first. */
  firstAccount?: boolean;
  reason?: "invite-required" | "invite-invalid";
  inviteEmail?: string;
};

async function isEmptyInstance() {
  return (await db.user.findFirst({ select: { id: true } })) === null;
}

/**
 * How the landing page and /login offer an account: a brand-new instance offers its first account (whoever creates it
 * sets the instance up, in either mode), an open one 'Sign up', an invite-only one its invite-only texts.
 */
export type SignUpOffer = "first-account" | "open" | "invite";

export async function signUpOffer(): Promise<SignUpOffer> {
  if (await isEmptyInstance()) return "first-account";
  return getEnv().REGISTRATION_MODE === "open" ? "open" : "invite";
}

export async function findUsableInvite(token: string | null | undefined) {
  if (!token) return null;
  return db.invite.findFirst({ where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: new Date() } } });
}

/** What the registration screen may offer: the form, or an invite-only notice. */
export async function getRegistrationStatus(invite?: string | null): Promise<RegistrationStatus> {
  const mode = getEnv().REGISTRATION_MODE;
  if (await isEmptyInstance()) return { allowed: true, mode, firstAccount: true };
  if (mode === "open") return { allowed: true, mode };
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

/** The registration link an invitation's token opens. */
export function inviteLink(origin: string, token: string) {
  return `${origin}/register?invite=${encodeURIComponent(token)}`;
}

/** Creates an invitation and e-mails its link: `npm run invite` and /profile's 'Invite someone' alike. */
export async function sendInvite(email: string, origin: string, inviter?: { id: string; name: string }) {
  const { invite, token } = await createInvite(email, inviter?.id);
  const link = inviteLink(origin, token);
  await sendEmail({ to: invite.email, ...(await inviteEmail({ link, inviterName: inviter?.name })) });
  return { invite, link };
}

export const REGISTRATION_IS_OPEN = "Registration is open: anyone can create an account, no invitation needed.";

/** Invitations exist in invite mode only: an open instance needs none (409). */
export function assertInvitesNeeded() {
  if (getEnv().REGISTRATION_MODE !== "invite") throw new ConflictError(REGISTRATION_IS_OPEN);
}

/**
 * POST /api/invites: a member invites someone, on an instance in invite mode only (an open one needs no invitation).
 * A handful a day per account (the route's limit); whether the address already has an account is not told (the
 * invitation is sent either way, and registering with a taken address fails as usual).
 */
export async function inviteSomeone(inviter: { id: string; name: string }, email: string, origin: string) {
  assertInvitesNeeded();
  const { invite } = await sendInvite(email, origin, inviter);
  return { email: invite.email, expiresAt: invite.expiresAt };
}
