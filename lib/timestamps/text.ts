/**
 * The timestamp state in plain words, the same on the dashboard cards, in the editor and in the document viewer.
 * Client-safe (no "server-only", unlike its neighbours): lib/client/types.ts and components/timestamps use it, and it
 * lives in lib/ because lib/ never imports from components/. Accepts both the portfolio list's summary and
 * GET /api/ideas/{id}/timestamp's answer.
 */
import { localDate } from "@/lib/client/date-format";

export type TimestampState = "queued" | "pending" | "confirmed" | "failed";

/** The `timestamp` field of GET /api/ideas items. */
export type TimestampSummary = {
  status: TimestampState;
  createdAt: string;
  submittedAt: string | null;
  bitcoinHeight: number | null;
  bitcoinTime: string | null;
  lastError: string | null;
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
