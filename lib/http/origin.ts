import { getEnv } from "@/lib/env";

/**
 * The origin for links we send by e-mail. NEXTAUTH_URL when configured (required in production, so a
 * forged Host header cannot point a reset link elsewhere); the request's own origin in local installs.
 */
export function appOrigin(req: Request) {
  const configured = getEnv().NEXTAUTH_URL;
  return configured ? new URL(configured).origin : new URL(req.url).origin;
}
