import { getEnv } from "@/lib/platform/env";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The first value of a possibly comma-separated proxy header. */
function firstValue(header: string | null) {
  const value = header?.split(",")[0]?.trim();
  return value || null;
}

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Our own origin (scheme, host and port). NEXTAUTH_URL when configured: the Host header is the client's to
 * choose, so it cannot vouch for anything. Without it, the origin this request was sent to; proxy headers
 * count only behind a trusted proxy (TRUST_PROXY).
 */
export function expectedOrigin(req: Request): string | null {
  const env = getEnv();
  if (env.NEXTAUTH_URL) return originOf(env.NEXTAUTH_URL);
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return null;
  }
  const proto = (env.TRUST_PROXY && firstValue(req.headers.get("x-forwarded-proto"))) || url.protocol.replace(/:$/, "");
  const host = (env.TRUST_PROXY && firstValue(req.headers.get("x-forwarded-host"))) || req.headers.get("host") || url.host;
  if (!/^https?$/i.test(proto)) return null;
  return originOf(`${proto}://${host}`);
}

/** True when `origin` (an Origin header value, or an origin taken from a Referer) is exactly ours. */
export function isOwnOrigin(req: Request, origin: string) {
  const claimed = originOf(origin);
  const expected = expectedOrigin(req);
  return claimed !== null && expected !== null && claimed === expected;
}

/**
 * A browser write from another origin: the request changes state and its Origin differs from ours in scheme,
 * host or port. Requests without Origin (non-browser clients) are not cross-site requests a browser could forge.
 */
export function isCrossSiteWrite(req: Request) {
  if (!STATE_CHANGING.has(req.method)) return false;
  const origin = req.headers.get("origin");
  if (origin === null) return false;
  return !isOwnOrigin(req, origin); // "null" and other opaque origins are never ours
}
