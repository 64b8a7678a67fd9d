import "server-only";
import { readCapped } from "@/lib/platform/http/read-capped";

/**
 * Calendar and explorer calls: one deadline covers connecting, the headers and the whole body, so a server that
 * hangs (or trickles bytes) costs at most `timeoutMs`; bodies above `maxBytes` are cut off. `stop` (a whole
 * verification's deadline, or its client going away) cancels the call too; its reason (an Error) says why.
 */
export async function fetchBounded(
  url: string,
  init: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: Uint8Array },
  timeoutMs: number,
  maxBytes: number,
  stop?: AbortSignal,
): Promise<{ status: number; body: Buffer }> {
  if (stop?.aborted) throw stoppedError(stop);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = stop ? AbortSignal.any([timeout, stop]) : timeout;
  try {
    const res = await fetch(url, {
      method: init.method ?? "GET",
      headers: { "User-Agent": "IdeaVault", ...init.headers },
      body: init.body ? new Uint8Array(init.body) : undefined,
      signal,
      redirect: "error",
      cache: "no-store",
    });
    const body = await readCapped(res.body, maxBytes, () => new Error(`answer larger than ${maxBytes} bytes`));
    return { status: res.status, body };
  } catch (err) {
    if (stop?.aborted) throw stoppedError(stop);
    if (timeout.aborted) throw new Error(`no answer within ${timeoutMs} ms`);
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(cause?.code ?? cause?.message ?? (err as Error).message);
  }
}

function stoppedError(stop: AbortSignal) {
  return new Error(stop.reason instanceof Error ? stop.reason.message : "cancelled");
}

/** "host[:port]" for messages (never a URL's path or credentials). */
export function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 60);
  }
}
