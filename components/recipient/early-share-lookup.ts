import { isWellFormedId } from "@/lib/validation/ids";
import { startEarlyLookup } from "@/components/recipient/use-shared-idea";

/**
 * /document renders nothing of the idea until GET /api/share/{token} answered, and that request used to leave only
 * after hydration, from an effect: on a phone profile the answer (and with it the largest paint) waited for all of
 * React's start-up work (issue 19 §1: Lighthouse LCP ~2.8 s). This module runs when the page's chunk is evaluated,
 * before hydration, and starts the lookup for the token in the address; useSharedIdea takes that request over
 * instead of sending its own (a one-time link delivers once).
 *
 * The token is read exactly as resolveAccessToken (app/(recipient)/access-token.ts) reads it for the page, so the
 * request started here is the one the page asks for; anything else (several segments, a malformed token, another
 * route) starts nothing.
 */
function tokenInAddress(): string | null {
  const segments = window.location.pathname.split("/").filter(Boolean);
  if (segments[0] !== "document" || segments.length > 2) return null;
  let raw: string | null;
  try {
    raw = segments[1] !== undefined ? decodeURIComponent(segments[1]) : new URLSearchParams(window.location.search).get("accessToken");
  } catch {
    return null;
  }
  const token = (raw ?? "").trim();
  return isWellFormedId(token) ? token : null;
}

if (typeof window !== "undefined") {
  const token = tokenInAddress();
  if (token) startEarlyLookup(token);
}

export {};
