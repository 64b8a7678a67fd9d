import "server-only";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { hostOf, resolveWebhookTarget, WebhookAddressError } from "@/lib/domain/webhooks/address";

export const WEBHOOK_TIMEOUT_MS = 10_000;

export type PostOutcome =
  | { kind: "response"; statusCode: number; durationMs: number }
  /** `refused`: the address is not allowed (no request was made; retrying would not help). */
  | { kind: "error"; error: string; refused: boolean; durationMs: number };

/**
 * One POST of a delivery. The host is resolved and checked here, on every attempt, and the socket connects to the
 * checked address itself (TLS still verifies the certificate for the URL's host name through `servername`), so
 * nothing resolves the name a second time. No redirects are followed and no more than a few bytes of the answer
 * are read: only its status counts.
 */
export async function postWebhook(rawUrl: string, body: string, headers: Record<string, string>, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<PostOutcome> {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  let resolved;
  try {
    resolved = await resolveWebhookTarget(rawUrl, timeoutMs);
  } catch (err) {
    const refused = err instanceof WebhookAddressError;
    return { kind: "error", error: refused ? `Refused: ${(err as Error).message}` : String((err as Error).message ?? err), refused, durationMs: elapsed() };
  }
  const { url, target } = resolved;
  const client = url.protocol === "https:" ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const done = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = client.request(
      {
        method: "POST",
        host: target.address,
        family: target.family,
        port: url.port || (url.protocol === "https:" ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        // SNI carries names only; an IP literal is checked against the certificate as the host itself.
        servername: url.protocol === "https:" && !net.isIP(hostOf(url)) ? hostOf(url) : undefined,
        agent: false,
        headers: { ...headers, Host: url.host, "Content-Length": String(Buffer.byteLength(body)) },
      },
      (res) => {
        // The answer's body is not wanted: drop it and stop the socket.
        res.resume();
        done({ kind: "response", statusCode: res.statusCode ?? 0, durationMs: elapsed() });
        req.destroy();
      },
    );
    const timer = setTimeout(() => {
      done({ kind: "error", error: `No answer within ${Math.round(timeoutMs / 1000)} s`, refused: false, durationMs: elapsed() });
      req.destroy();
    }, timeoutMs);
    req.on("error", (err) => done({ kind: "error", error: err.message.slice(0, 200), refused: false, durationMs: elapsed() }));
    req.end(body);
  });
}
