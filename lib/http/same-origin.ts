import { getEnv } from "@/lib/env";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A browser write from another site: the request changes state and its Origin names a host other than
 * ours. Requests without Origin (non-browser clients) are not cross-site requests a browser could forge.
 */
export function isCrossSiteWrite(req: Request) {
  if (!STATE_CHANGING.has(req.method)) return false;
  const origin = req.headers.get("origin");
  if (!origin) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true; // "null" and other opaque origins
  }
  const env = getEnv();
  const host = (env.TRUST_PROXY && req.headers.get("x-forwarded-host")) || req.headers.get("host");
  const configured = env.NEXTAUTH_URL ? new URL(env.NEXTAUTH_URL).host : null;
  return originHost !== host && originHost !== configured;
}
