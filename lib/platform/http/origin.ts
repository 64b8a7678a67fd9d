import { getEnv } from "@/lib/platform/env";

/**
 * The origin for links we send by e-mail. NEXTAUTH_URL when configured (required for production
 * deployments). Without it, a development server trusts the Host the browser used; any other server uses
 * http://localhost:PORT, because a Host header is attacker-controlled and a reset link pointing at the
 * attacker's host would hand them the token. serve.ts warns at start-up when NEXTAUTH_URL is missing.
 */
export function appOrigin(req: Request) {
  return originForHost(req.headers.get("host"));
}

/** appOrigin for code that has no Request at hand (`host` = the request's Host header, or null outside one). */
export function originForHost(host: string | null) {
  const env = getEnv();
  if (env.NEXTAUTH_URL) return new URL(env.NEXTAUTH_URL).origin;
  if (env.NODE_ENV === "development" && host && /^[a-z0-9.\-\[\]:]+$/i.test(host)) return `http://${host}`;
  return `http://localhost:${env.PORT}`;
}
