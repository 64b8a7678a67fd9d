/**
 * A proof's state in words, written once for every place that says it: the line on the dashboard cards, in the editor
 * and in the document viewer (timestampLine), the timestamp panel's next step (timestampNextStep), the evidence pack's
 * and account export's text files (proofStateLine), and the NDA certificate (certificateTimestampText).
 * Client-safe (no "server-only", unlike its neighbours): client/types.ts and components/timestamps use it, and it
 * lives in lib/ because lib/ never imports from components/. Accepts both the portfolio list's summary and
 * GET /api/ideas/{id}/timestamp's answer.
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
};

/** A published version whose proof row is not written yet (GET /api/ideas/{id}/versions). */
export type QueuedProof = { status: "queued" };

export type TimestampLine = { tone: "pending" | "anchored" | "failed"; text: string };


/**
 * 'Timestamp pending — submitted {date}' (queued digests count as submitted: the commitment is recorded at publish
 * time), 'Anchored in Bitcoin block {height} on {date}', or 'Timestamp failed'.
 */
export function timestampLine(t: TimestampSummary | TimestampDetails | QueuedProof, formatDate: (iso: string) => string = localDate): TimestampLine {
  if (!("queuedAt" in t) && !("createdAt" in t)) return { tone: "pending", text: "Timestamp queued" };
  const height = "bitcoin" in t ? t.bitcoin?.height : t.bitcoinHeight;
  const time = "bitcoin" in t ? t.bitcoin?.time : t.bitcoinTime;
  if (t.status === "confirmed" && height != null && time) return { tone: "anchored", text: `Anchored in Bitcoin block ${height} on ${formatDate(time)}` };
  if (t.status === "failed") return { tone: "failed", text: "Timestamp failed" };
  const submitted = t.submittedAt ?? ("queuedAt" in t ? t.queuedAt : t.createdAt);
  return { tone: "pending", text: `Timestamp pending — submitted ${formatDate(submitted)}` };
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
 * What happens next and when, in the timestamp panel's words. The job submits queued digests every 10 minutes
 * (vercel.json); a Bitcoin block confirms them, usually within a few hours.
 */
export function timestampNextStep(data: Pick<TimestampDetails, "status" | "submittedAt" | "calendars">): string | null {
  switch (data.status) {
    case "queued":
      return "Queued — usually confirmed within a few hours. The digest goes to the OpenTimestamps calendars within minutes; the proof and the stamped file can be downloaded from then on.";
    case "pending": {
      const n = data.calendars.length;
      return `Submitted to ${n} calendar${n === 1 ? "" : "s"} — waiting for a Bitcoin block, usually within a few hours. The proof below is complete once the block is confirmed.`;
    }
    case "confirmed":
      return "Confirmed in Bitcoin: the proof is complete and anyone can check it against the stamped file.";
    default:
      return null;
  }
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
      return `Failed: the timestamp could not be obtained${t.lastError ? ` (${t.lastError})` : ""}. The record and its digests above remain valid evidence.`;
  }
}
