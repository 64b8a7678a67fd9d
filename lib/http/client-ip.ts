import { getEnv } from "@/lib/env";

/** Set by scripts/serve.ts from the TCP socket; any value a client sends under this name is replaced there. */
export const CLIENT_IP_HEADER = "x-ideavault-client-ip";

/** The client's address: from the socket, or from the proxy's X-Forwarded-For only when TRUST_PROXY=true. */
export function clientIp(headers: Headers): string {
  if (getEnv().TRUST_PROXY) {
    const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
    const real = headers.get("x-real-ip")?.trim();
    if (real) return real;
  }
  return headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
