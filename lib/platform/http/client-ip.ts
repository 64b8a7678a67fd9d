import { getEnv } from "@/lib/platform/env";

/** Set by scripts/serve.ts from the TCP socket; any value a client sends under this name is replaced there. */
export const CLIENT_IP_HEADER = "x-ideavault-client-ip";

/** IPv4-mapped IPv6 becomes IPv4; other IPv6 addresses count per /64, the block one subscriber gets. */
export function rateLimitAddress(ip: string): string {
  const v = ip.trim().toLowerCase();
  const mapped = v.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/);
  if (mapped) return mapped[1];
  if (!v.includes(":")) return v;
  const [head, tail = ""] = v.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = v.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/**
 * The client's address: from the socket (via serve.ts), or, only when TRUST_PROXY=true, the address the
 * nearest proxy saw — the right-most X-Forwarded-For entry (proxies append; what is left of it the client
 * could have written). Without either, every client shares one bucket.
 */
export function clientIp(headers: Headers): string {
  const env = getEnv();
  if (env.TRUST_PROXY) {
    const forwarded = headers.get("x-forwarded-for")?.split(",").map((s) => s.trim()).filter(Boolean).at(-1);
    if (forwarded) return rateLimitAddress(forwarded);
    const real = headers.get("x-real-ip")?.trim();
    if (real) return rateLimitAddress(real);
  }
  const socket = env.IDEAVAULT_CUSTOM_SERVER ? headers.get(CLIENT_IP_HEADER) : null;
  return socket ? rateLimitAddress(socket) : "unknown";
}
