/**
 * A proof's state in words, written once for every place that says it: the line on the dashboard cards, in the editor
 * and in the document viewer (timestampLine), the timestamp panel's next step (timestampNextStep), the evidence pack's
 * and account export's text files (proofStateLine), and the NDA certificate (certificateTimestampText).
 * Client-safe (no "server-only", unlike its neighbours): client/types.ts and components/timestamps use it, and it
 * lives in lib/ because lib/ never imports from components/. Accepts both the portfolio list's summary and
 * GET /api/ideas/{id}/timestamp's answer. No screen shows a proof's raw `error`/`lastError` (kept in the API for tools).
 */
import { localDate, localDateTime } from "@/lib/platform/format/date-format";

export type TimestampState = "queued" | "pending" | "confirmed" | "failed";

/** The RFC 3161 token beside the proof (`rfc3161` of every proof's state). */
export type Rfc3161Summary = { state: "granted" | "pending" | "failed" | "off"; tsa: string | null; genTime: string | null; serial: string | null };

/** The `timestamp` field of GET /api/ideas items. */
export type TimestampSummary = {
  status: TimestampState;
  createdAt: string;
  submittedAt: string | null;
  bitcoinHeight: number | null;
  bitcoinTime: string | null;
  lastError: string | null;
  rfc3161?: Rfc3161Summary;
  /** The calendars that accepted the digest. */
  calendars?: string[];
  /** How often a digest not yet accepted is tried again (the server's OTS_INTERVAL_S). */
  retryEverySeconds?: number;
};

/** GET /api/ideas/{id}/timestamp. */
export type TimestampDetails = {
  status: TimestampState;
  digest: string;
  queuedAt: string;
  submittedAt: string | null;
  calendars: string[];
  bitcoin: { height: number; blockHash: string; time: string } | null;
  error: string | null;
  rfc3161?: Rfc3161Summary;
  retryEverySeconds?: number;
};

/** A published version whose proof row is not written yet (GET /api/ideas/{id}/versions). */
export type QueuedProof = { status: "queued"; retryEverySeconds?: number };

export type TimestampLine = { tone: "pending" | "anchored" | "failed"; text: string };

/** How often a digest no timestamp server accepted is tried again when the server does not say (the job's default). */
export const DEFAULT_RETRY_EVERY_SECONDS = 600;

/** '10 minutes', '1 hour', '90 seconds': a retry interval in words. */
export function intervalInWords(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (seconds % 3600 === 0) return unit(seconds / 3600, "hour");
  if (seconds % 60 === 0) return unit(seconds / 60, "minute");
  return unit(seconds, "second");
}

/** Why a proof failed, in words (its raw error stays in the API's `error` and the server's logs). */
function whyFailed(submittedAt: string | Date | null) {
  return submittedAt ? "Bitcoin could not confirm the proof" : "the timestamp servers could not be reached";
}

/** How a line writes a day and a moment: the viewer's own, or UTC until the browser has hydrated. */
export type LineFormats = { date: (iso: string) => string; time: (iso: string) => string };
const LOCAL: LineFormats = { date: localDate, time: localDateTime };

/**
 * What happened to the digest, in words and never as a raw error: 'Waiting to reach the timestamp servers — we retry
 * every {interval}' until a calendar accepted it (queued, refused attempts included), 'Submitted to {n} servers at
 * {time}; Bitcoin confirms within a few hours' once it did, 'Anchored in Bitcoin block {height} on {date}' once a
 * block holds it. `retryEverySeconds` is the server's stamping interval (OTS_INTERVAL_S).
 */
export function timestampLine(t: TimestampSummary | TimestampDetails | QueuedProof, formats: LineFormats = LOCAL): TimestampLine {
  const waiting = { tone: "pending" as const, text: `Waiting to reach the timestamp servers — we retry every ${intervalInWords(t.retryEverySeconds ?? DEFAULT_RETRY_EVERY_SECONDS)}` };
  if (!("queuedAt" in t) && !("createdAt" in t)) return waiting;
  const height = "bitcoin" in t ? t.bitcoin?.height : t.bitcoinHeight;
  const time = "bitcoin" in t ? t.bitcoin?.time : t.bitcoinTime;
  if (t.status === "confirmed" && height != null && time) return { tone: "anchored", text: `Anchored in Bitcoin block ${height} on ${formats.date(time)}` };
  if (t.status === "failed") return { tone: "failed", text: `Timestamp failed — ${whyFailed(t.submittedAt)}` };
  if (!t.submittedAt) return waiting;
  const n = ("calendars" in t ? t.calendars?.length : 0) ?? 0;
  const servers = n ? `${n} server${n === 1 ? "" : "s"}` : "the timestamp servers";
  return { tone: "pending", text: `Submitted to ${servers} at ${formats.time(t.submittedAt)}; Bitcoin confirms within a few hours` };
}

/**
 * The second clock, shown next to the Bitcoin state: 'Timestamped at {time} by {TSA} (RFC 3161)' once an authority
 * granted a token (the TSA as its host name), a short word while it is asked, nothing when tokens are off.
 */
export function rfc3161Line(r: Rfc3161Summary | undefined, formatTime: (iso: string) => string = localDateTime): string | null {
  if (!r || r.state === "off") return null;
  if (r.state === "granted" && r.genTime && r.tsa) return `Timestamped at ${formatTime(r.genTime)} by ${r.tsa} (RFC 3161)`;
  if (r.state === "failed") return "RFC 3161 timestamp failed: no time-stamping authority granted a token";
  return "RFC 3161 timestamp pending — usually within seconds";
}

/**
 * What happens next and what can be downloaded, in the timestamp panel's words (the state itself is timestampLine's).
 * The stamped file is there from publication; the .ots once a calendar accepted the digest, complete once a block
 * confirms it.
 */
export function timestampNextStep(data: Pick<TimestampDetails, "status" | "submittedAt">): string | null {
  if (data.status === "confirmed") return "Confirmed in Bitcoin: the proof is complete and anyone can check it against the stamped file.";
  if (data.status === "failed") return null;
  if (!data.submittedAt) return "No proof (.ots) yet: it can be downloaded as soon as a timestamp server accepts the digest. The stamped file can be downloaded now.";
  return "The proof (.ots) can be downloaded now; it is complete once a Bitcoin block confirms it ('ots upgrade' completes an earlier download).";
}

/** A time as the server's documents print it: '2026-11-27 05:03:58 UTC'. */
export function formatUtc(d: Date) {
  return d.toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC");
}

/** A proof row as the server reads it. */
type ProofRow = { status: TimestampState; submittedAt: Date | null; bitcoinHeight: number | null; bitcoinTime: Date | null; lastError: string | null };

/**
 * A stamped file's proof in a text file: the evidence pack's HOW-TO-VERIFY.txt ('a new pack': a sentence of its own,
 * capitalised) or the account export's README list ('your data': the rest of a line after the idea's name).
 * `ots` is the path of the proof in the archive, when it is there.
 */
export function proofStateLine(p: ProofRow, ots: string | null, downloadAgain: "a new pack" | "your data"): string {
  const sentence = downloadAgain === "a new pack";
  const capital = (text: string) => (sentence ? text.charAt(0).toUpperCase() + text.slice(1) : text);
  switch (p.status) {
    case "queued":
      return capital(
        `no proof yet: the digest is queued for the OpenTimestamps calendars. ${sentence ? "Download a new pack later for its .ots." : "Download your data again later for the .ots."}`,
      );
    case "pending":
      return capital(`proof pending (${ots}): the calendars hold it, a Bitcoin block does not yet. 'ots upgrade' completes it later.`);
    case "confirmed":
      return capital(`proof confirmed in Bitcoin block ${p.bitcoinHeight ?? "?"}${p.bitcoinTime ? ` (${formatUtc(p.bitcoinTime)})` : ""}: ${ots}${sentence ? "." : ""}`);
    case "failed":
      return capital(`no proof: timestamping failed${p.lastError ? ` (${p.lastError})` : ""}.${ots ? ` The partial proof is ${ots}.` : ""}`);
  }
}

/** The NDA certificate's 'Timestamp' line for the acceptance record's proof (none: accepted before records were stamped). */
export function certificateTimestampText(t: ProofRow | null): string {
  if (!t) return "No timestamp was recorded for this acceptance.";
  switch (t.status) {
    case "queued":
      return "Queued: the record's digest is waiting to be submitted to the OpenTimestamps calendars.";
    case "pending":
      return `Pending: submitted to the OpenTimestamps calendars${t.submittedAt ? ` on ${formatUtc(t.submittedAt)}` : ""}, waiting to be anchored in a Bitcoin block.`;
    case "confirmed":
      return t.bitcoinHeight !== null
        ? `Anchored in Bitcoin block ${t.bitcoinHeight}${t.bitcoinTime ? ` (${formatUtc(t.bitcoinTime)})` : ""}.`
        : "Anchored in the Bitcoin blockchain.";
    case "failed":
      return `Failed: ${whyFailed(t.submittedAt)}. The record and its digests above remain valid evidence.`;
  }
}
