import { getEnv } from "@/lib/env";

/**
 * The origin for links we send by e-mail. NEXTAUTH_URL when configured (required in production, so a
 * forged Host header cannot point a reset link elsewhere); in local installs, the Host the browser used
 * (req.url carries the server's own bind name, not the visitor's).
 */
export function appOrigin(req: Request) {
  const env = getEnv();
  if (env.NEXTAUTH_URL) return new URL(env.NEXTAUTH_URL).origin;
  const url = new URL(req.url);
  const host = (env.TRUST_PROXY && req.headers.get("x-forwarded-host")) || req.headers.get("host");
  const proto = (env.TRUST_PROXY && req.headers.get("x-forwarded-proto")) || url.protocol.replace(":", "");
  if (host && /^[a-z0-9.\-\[\]:]+$/i.test(host)) return `${proto}://${host}`;
  return url.origin;
}
