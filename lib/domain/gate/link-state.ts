import "server-only";
import type { ShareType } from "@/lib/generated/prisma/client";
import { viewLimitOf } from "@/lib/domain/validation/sharing-limits";
import { HttpError } from "@/lib/platform/http/errors";

/** The rules that say whether a link is usable: by a newcomer, or by a recipient it already admitted. */

/** The one answer for an unknown, expired, revoked or used-up link: nothing tells them apart. */
export const INVALID_LINK = "This link is invalid or has expired.";

/**
 * How long a recipient's view stays open: files, comments and (except on one-time links, which deliver the content
 * exactly once per recipient) reloads of the content, without consuming another view.
 */
export const VIEW_WINDOW_MS = 60 * 60 * 1000;

type LimitFields = { shareType: ShareType; maxViews: number | null };

/** The views the link allows in total (null = unlimited); one-time: maxViews recipients, default 1. */
export function viewLimit(s: LimitFields): number | null {
  return viewLimitOf(s.shareType === "one_time", s.maxViews);
}

type StateFields = LimitFields & { viewCount: number; revokedAt: Date | null; expiresAt: Date | null };

/** Revoked or past its expiry: denies every call, an open view window included. */
export function isDead(s: Pick<StateFields, "revokedAt" | "expiresAt">, now = new Date()) {
  return s.revokedAt !== null || (s.expiresAt !== null && s.expiresAt <= now);
}

export function isUsedUp(s: StateFields) {
  const limit = viewLimit(s);
  return limit !== null && s.viewCount >= limit;
}

export function inViewWindow(r: { viewWindowEndsAt: Date | null } | null, now = new Date()) {
  return !!r?.viewWindowEndsAt && r.viewWindowEndsAt > now;
}

/** The recipient fields the gate reads: its view window, whether it declined the agreement, and a readmission. */
type GateFields = { viewWindowEndsAt: Date | null; declinedAt: Date | null; readmittedAt?: Date | null };

/** The owner let this recipient back in and it has not used that delivery yet. */
export function isReadmitted(r: { readmittedAt?: Date | null } | null) {
  return !!r?.readmittedAt;
}

/**
 * The link is usable by this recipient (or by a newcomer when null): not revoked, not expired, not declined by
 * this recipient, and not used up — unless the recipient is inside its own view window (files and comments of
 * what it was already given) or the owner let it back in.
 */
export function isOpenFor(s: StateFields, r: GateFields | null, now = new Date()) {
  if (isDead(s, now) || r?.declinedAt) return false;
  return !isUsedUp(s) || inViewWindow(r, now) || isReadmitted(r);
}

/** What a one-time link's recipient that already had its view is told by the browser that had it. */
export function oneTimeUsedMessage(sender: string) {
  return `You have already opened this one-time link; ask ${sender} for a new one`;
}

/**
 * The recipient had its one delivery of a one-time link and the owner has not let it back in. A room link's
 * recipient still opens the room's items inside its one window (lib/domain/shares/views.ts), so it has used the
 * link up only once that window closed.
 */
export function usedItsOneTimeView(s: { shareType: ShareType }, r: GateFields & { viewStartedAt: Date | null }, roomLink: boolean, now = new Date()) {
  if (s.shareType !== "one_time" || r.viewStartedAt === null || r.declinedAt || isReadmitted(r)) return false;
  return !roomLink || !inViewWindow(r, now);
}

/**
 * The 404 a browser gets on a one-time link it already opened: the link's own refusal, in words that tell that
 * reader what happened (`oneTimeUsed` lets its screen say so). Other browsers get INVALID_LINK as before.
 */
export class OneTimeLinkUsedError extends HttpError {
  override name = "OneTimeLinkUsedError";
  constructor(sender: string) {
    super(404, oneTimeUsedMessage(sender), { oneTimeUsed: true });
  }
}
