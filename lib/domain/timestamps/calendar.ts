import "server-only";
import { fetchBounded, hostOf } from "@/lib/domain/timestamps/http";
import { attestationsOf, OTS_MEDIA_TYPE, OtsFormatError, parseTimestamp, type OtsTimestamp } from "@/lib/domain/timestamps/ots";

/** The reference client reads at most this much of a calendar's answer. */
const MAX_ANSWER_BYTES = 10_000;

/**
 * Calendars whose pending attestations may be followed up, besides the configured ones: the reference client's
 * default whitelist (the public pool servers hand out these calendars' URIs).
 */
const DEFAULT_WHITELIST = [/^([a-z0-9-]+\.)+calendar\.opentimestamps\.org$/, /^([a-z0-9-]+\.)+calendar\.eternitywall\.com$/, /^([a-z0-9-]+\.)+calendar\.catallaxy\.com$/];

export type CalendarResult = { url: string; ok: true; timestamp: OtsTimestamp } | { url: string; ok: false; error: string };

/** A calendar URI without its trailing slashes: the same calendar however a proof spells it. */
export const calendarBase = (uri: string) => uri.replace(/\/+$/, "");

/**
 * A pending attestation names the calendar to ask later; that URI comes from the calendar (or, on /verify, from an
 * uploaded file), so it is only contacted when it is one of ours or on the default whitelist.
 */
export function isAllowedCalendar(uri: string, configured: string[]): boolean {
  const normalized = calendarBase(uri);
  if (configured.includes(normalized)) return true;
  let url: URL;
  try {
    url = new URL(normalized);
  } catch {
    return false;
  }
  return url.protocol === "https:" && !url.port && url.pathname === "/" && !url.search && DEFAULT_WHITELIST.some((re) => re.test(url.hostname));
}

/** POST /digest: the calendar answers with a timestamp from `root` ending in its pending attestation. */
export async function submitToCalendar(url: string, root: Buffer, timeoutMs: number): Promise<CalendarResult> {
  try {
    const res = await fetchBounded(
      `${url}/digest`,
      { method: "POST", body: root, headers: { Accept: OTS_MEDIA_TYPE, "Content-Type": "application/x-www-form-urlencoded" } },
      timeoutMs,
      MAX_ANSWER_BYTES,
    );
    if (res.status !== 200) return { url, ok: false, error: `${hostOf(url)}: HTTP ${res.status}` };
    const timestamp = parseTimestamp(res.body, root);
    if (attestationsOf(timestamp).length === 0) return { url, ok: false, error: `${hostOf(url)}: answer without an attestation` };
    return { url, ok: true, timestamp };
  } catch (err) {
    const reason = err instanceof OtsFormatError ? `invalid answer (${err.message})` : (err as Error).message;
    return { url, ok: false, error: `${hostOf(url)}: ${reason}` };
  }
}

export type UpgradeResult = { kind: "upgraded"; timestamp: OtsTimestamp } | { kind: "pending" } | { kind: "error"; error: string };

/** GET /timestamp/<commitment>: 404 while the calendar waits for a block, else the rest of the path. */
export async function fetchUpgrade(uri: string, commitment: Buffer, timeoutMs: number, stop?: AbortSignal): Promise<UpgradeResult> {
  const base = calendarBase(uri);
  try {
    const res = await fetchBounded(`${base}/timestamp/${commitment.toString("hex")}`, { headers: { Accept: OTS_MEDIA_TYPE } }, timeoutMs, MAX_ANSWER_BYTES, stop);
    if (res.status === 404) return { kind: "pending" };
    if (res.status !== 200) return { kind: "error", error: `${hostOf(base)}: HTTP ${res.status}` };
    return { kind: "upgraded", timestamp: parseTimestamp(res.body, commitment) };
  } catch (err) {
    const reason = err instanceof OtsFormatError ? `invalid answer (${err.message})` : (err as Error).message;
    return { kind: "error", error: `${hostOf(base)}: ${reason}` };
  }
}
