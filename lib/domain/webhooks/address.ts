import "server-only";
import dns from "node:dns/promises";
import net from "node:net";
import { getEnv } from "@/lib/platform/env";
import { ValidationError } from "@/lib/platform/http/errors";

/**
 * Where a webhook may be sent. An endpoint is a URL any account types, and the server POSTs to it: without these
 * rules it would reach the server's own network (SSRF). Outside development only public addresses are allowed, and
 * the rule is applied to the addresses the host resolves to at delivery time, which the connection then uses, so a
 * name cannot resolve to a public address when checked and a private one when connected (DNS rebinding).
 */

/** Private, loopback, link-local, shared, reserved, multicast and documentation ranges: never a webhook receiver. */
const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24],
  ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) blocked.addSubnet(net4, prefix, "ipv4");
for (const [net6, prefix] of [
  ["::", 128], ["::1", 128], ["64:ff9b::", 96], ["64:ff9b:1::", 48], ["100::", 64], ["2001::", 23], ["2001:db8::", 32],
  ["2002::", 16], ["fc00::", 7], ["fe80::", 10], ["fec0::", 10], ["ff00::", 8],
] as const) blocked.addSubnet(net6, prefix, "ipv6");

/** The eight 16-bit groups of an IPv6 address (any zone id dropped), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const text = address.replace(/%.*$/, "").toLowerCase();
  if (net.isIP(text) !== 6) return null;
  const groupsOf = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((g) => {
          if (!g.includes(".")) return [parseInt(g, 16)];
          const [a, b, c, d] = g.split(".").map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const gap = text.indexOf("::");
  if (gap < 0) return groupsOf(text);
  const head = groupsOf(text.slice(0, gap));
  const tail = groupsOf(text.slice(gap + 2));
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/**
 * An IPv4 address carried inside an IPv6 one, so every spelling of it gets the IPv4 rule: IPv4-mapped
 * (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96) and IPv4-compatible (::/96), whether the last 32 bits are
 * written dotted or in hex (the URL parser turns [::127.0.0.1] into [::7f00:1]). `::` and `::1` are IPv6's own
 * unspecified and loopback addresses, not IPv4 ones, and keep the IPv6 rule.
 */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g || g[0] || g[1] || g[2] || g[3]) return null;
  const compatible = g[4] === 0 && g[5] === 0 && !(g[6] === 0 && g[7] <= 1);
  const mapped = g[4] === 0 && g[5] === 0xffff;
  const translated = g[4] === 0xffff && g[5] === 0;
  if (!compatible && !mapped && !translated) return null;
  return `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
}

/**
 * The one address check, for the address typed in the URL (when saved and at delivery) and for every address its
 * host resolves to at delivery time.
 */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    return v4 ? blocked.check(v4, "ipv4") : blocked.check(address.replace(/%.*$/, ""), "ipv6");
  }
  return true; // not an address at all: never trusted
}

export function isLoopbackAddress(address: string): boolean {
  if (net.isIP(address) === 4) return address.startsWith("127.");
  const v4 = embeddedIpv4(address);
  if (v4) return v4.startsWith("127.");
  const g = ipv6Groups(address);
  return !!g && g.slice(0, 7).every((x) => x === 0) && g[7] === 1;
}

/** The one decision: private addresses and http to loopback are allowed under `npm run dev` or WEBHOOKS_ALLOW_PRIVATE. */
export function privateAddressesAllowed(): boolean {
  const env = getEnv();
  return env.NODE_ENV === "development" || env.WEBHOOKS_ALLOW_PRIVATE;
}

export class WebhookAddressError extends ValidationError {
  override name = "WebhookAddressError";
}

const HTTPS_ONLY = "The URL must start with https:// (http:// only to this computer, in development).";
const PRIVATE = "The URL points to a private network address; webhooks go to public addresses only.";

/** URL's hostname keeps IPv6 literals in brackets. */
export function hostOf(url: URL) {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** DNS answers for `host` (no timeout of its own in node: bounded here). */
async function lookupAll(host: string, timeoutMs: number): Promise<ResolvedAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const answers = await Promise.race([
      dns.lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`DNS lookup of ${host} timed out`)), timeoutMs);
      }),
    ]);
    return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks the URL's scheme against the addresses its host has now and returns the one to connect to. Throws
 * WebhookAddressError for a refused address; DNS failures throw a plain Error (a delivery retries those).
 */
export async function resolveWebhookTarget(raw: string, timeoutMs = 5000): Promise<{ url: URL; target: ResolvedAddress }> {
  const url = new URL(raw);
  const allowPrivate = privateAddressesAllowed();
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new WebhookAddressError(HTTPS_ONLY);
  if (url.protocol === "http:" && !allowPrivate) throw new WebhookAddressError(HTTPS_ONLY);
  const host = hostOf(url);
  const literal = net.isIP(host);
  // Plain http only to this machine, by name or loopback address (and the name must resolve there, below).
  if (url.protocol === "http:" && !(host.toLowerCase() === "localhost" || (literal && isLoopbackAddress(host)))) throw new WebhookAddressError(HTTPS_ONLY);
  const addresses = literal ? [{ address: host, family: literal as 4 | 6 }] : await lookupAll(host, timeoutMs);
  if (!addresses.length) throw new Error(`${host} has no address`);
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) throw new WebhookAddressError(PRIVATE);
  // In development plain http still never leaves the machine.
  if (url.protocol === "http:" && !addresses.every((a) => isLoopbackAddress(a.address))) throw new WebhookAddressError(HTTPS_ONLY);
  return { url, target: addresses[0] };
}

/**
 * The check when an endpoint is saved: the same rules, but a host that does not resolve yet is accepted (the
 * delivery checks again and logs the failure). A refused address is a 400 with the reason.
 */
export async function assertAllowedWebhookUrl(raw: string) {
  try {
    await resolveWebhookTarget(raw, 3000);
  } catch (err) {
    if (err instanceof WebhookAddressError) throw err;
  }
}
