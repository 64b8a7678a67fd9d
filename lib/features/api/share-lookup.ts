import "server-only";
import { NotFoundError } from "@/lib/platform/http/errors";
import { assertWindowOpen, recordFailures } from "@/lib/platform/rate-limit";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { lookupShareToken } from "@/lib/domain/gate/lookup";
import { INVALID_LINK, isDead } from "@/lib/domain/gate/link-state";

/**
 * Failed link look-ups per address (rateLimits.shareLookup): failure accounting, not a request limit. Only failed
 * look-ups count: the limit exists to stop token guessing, and a popular link opened by many people behind one
 * address (an office, a carrier NAT) must not lock them out.
 */

/** The live link a token names, for a request from `ip`: refused (429) once the address's failed look-ups are used up. */
export async function liveShareCountingFailures(token: string, ip: string) {
  const link = await liveLinkCountingFailures(token, ip);
  if (link.ideaId === null) throw new NotFoundError(INVALID_LINK);
  return link;
}

/** The same for a link to an idea or to a room. */
export async function liveLinkCountingFailures(token: string, ip: string) {
  const limits = rateLimits.shareLookup(ip);
  // The counter row comes in the look-up's own statement (the route's throughput budget leaves room for one round
  // trip); reading it takes no row lock, so look-ups of a live link never queue behind each other.
  const { share, roomLink, limitRow } = await lookupShareToken(token, limits[0].key);
  assertWindowOpen(limits[0], limitRow);
  const link = share ?? roomLink;
  if (!link || isDead(link)) {
    await recordFailures(limits);
    throw new NotFoundError(INVALID_LINK);
  }
  return link;
}

/** A look-up that found no live link, counted against the address (a passcode try on an unknown link is one). */
export function countFailedLookup(ip: string) {
  return recordFailures(rateLimits.shareLookup(ip));
}
