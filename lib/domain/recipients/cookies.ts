import "server-only";
import { cookies } from "next/headers";
import { secureCookiesEnabled } from "@/lib/domain/auth/cookies";
import { clientIp } from "@/lib/platform/http/client-ip";
import type { ClientInfo, RecipientSecrets } from "@/lib/domain/gate/secrets";
import type { PasscodeProofs } from "@/lib/domain/recipients/passcode";

/** One recipient session per share and browser: iv_r_<shareId> holds its secret (SHA-256 = Recipient.secretHash). */
export const RECIPIENT_COOKIE_PREFIX = "iv_r_";
export const RECIPIENT_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export function recipientCookieName(shareId: string) {
  return `${RECIPIENT_COOKIE_PREFIX}${shareId}`;
}

/** The secrets of every recipient session this browser holds (lib functions match them by hash). */
export async function readRecipientSecrets(): Promise<RecipientSecrets> {
  return (await cookies())
    .getAll()
    .filter((c) => c.name.startsWith(RECIPIENT_COOKIE_PREFIX))
    .map((c) => c.value);
}

/** A new recipient replaces this browser's previous one for the same share. */
export async function setRecipientCookie(shareId: string, secret: string) {
  (await cookies()).set(recipientCookieName(shareId), secret, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookiesEnabled(),
    maxAge: RECIPIENT_COOKIE_MAX_AGE_SECONDS,
  });
}

/** Ends this browser's recipient session for the share (after a decline): the cookie expires at once. */
export async function clearRecipientCookie(shareId: string) {
  (await cookies()).set(recipientCookieName(shareId), "", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookiesEnabled(),
    maxAge: 0,
  });
}

/** One passcode proof per link and browser: iv_p_<shareId> (lib/domain/recipients/passcode.ts passcodeProof). */
export const PASSCODE_COOKIE_PREFIX = "iv_p_";

/** The passcode proofs this browser holds, by link id. */
export async function readPasscodeProofs(): Promise<PasscodeProofs> {
  const proofs: Record<string, string> = {};
  for (const c of (await cookies()).getAll()) {
    if (c.name.startsWith(PASSCODE_COOKIE_PREFIX)) proofs[c.name.slice(PASSCODE_COOKIE_PREFIX.length)] = c.value;
  }
  return proofs;
}

/** httpOnly like the recipient cookie: script on the page never sees it. */
export async function setPasscodeCookie(shareId: string, proof: string) {
  (await cookies()).set(`${PASSCODE_COOKIE_PREFIX}${shareId}`, proof, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookiesEnabled(),
    maxAge: RECIPIENT_COOKIE_MAX_AGE_SECONDS,
  });
}

/** The caller as evidence and rate limits see it. */
export function requestClient(req: Request): ClientInfo {
  return { ip: clientIp(req.headers), userAgent: req.headers.get("user-agent")?.slice(0, 512) ?? null };
}
