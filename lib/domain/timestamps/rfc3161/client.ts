import "server-only";
import { fetchBounded, hostOf } from "@/lib/domain/timestamps/http";
import { buildTimeStampRequest, TSQ_MEDIA_TYPE, TSR_MAX_BYTES, TSR_MEDIA_TYPE, TsaTokenError, verifyTimeStampResponse, type VerifiedToken } from "@/lib/domain/timestamps/rfc3161/token";

/** Each authority gets this long for its whole answer; the next one is asked after it. */
export const TSA_TIMEOUT_MS = 10_000;

export type TsaResult = { ok: true; url: string; der: Buffer; token: VerifiedToken } | { ok: false; error: string };

/**
 * Asks the authorities in order for a token of `digest` (a fresh nonce each) and keeps the first answer that passes
 * every check (lib/domain/timestamps/rfc3161/token.ts). The same outbound rules as the calendar calls: one deadline
 * for connecting and the whole body, a bounded body, no redirects.
 */
export async function requestTimeStamp(digest: Buffer, urls: string[], timeoutMs = TSA_TIMEOUT_MS): Promise<TsaResult> {
  const errors: string[] = [];
  for (const url of urls) {
    const { der: query, nonce } = buildTimeStampRequest(digest);
    try {
      const res = await fetchBounded(url, { method: "POST", body: query, headers: { "Content-Type": TSQ_MEDIA_TYPE, Accept: TSR_MEDIA_TYPE } }, timeoutMs, TSR_MAX_BYTES);
      if (res.status !== 200) {
        errors.push(`${hostOf(url)}: HTTP ${res.status}`);
        continue;
      }
      const token = await verifyTimeStampResponse(res.body, { digest, nonce });
      return { ok: true, url, der: res.body, token };
    } catch (err) {
      const reason = err instanceof TsaTokenError ? `invalid answer (${err.message})` : (err as Error).message;
      errors.push(`${hostOf(url)}: ${reason}`);
    }
  }
  return { ok: false, error: errors.join("; ") || "no time-stamping authority is configured" };
}
