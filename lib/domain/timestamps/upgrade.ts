import "server-only";
import type PgBoss from "pg-boss";
import { getEnv } from "@/lib/platform/env";
import { completeJobs, enqueueMany, type JobPayloads } from "@/lib/platform/jobs";
import { calendarBase, fetchUpgrade, isAllowedCalendar, type UpgradeResult } from "@/lib/domain/timestamps/calendar";
import { blockChecker, type BitcoinBlock, type BlockCheck } from "@/lib/domain/timestamps/esplora";
import { attestationsOf, mergeTimestamp, parseOtsFile, serializeOtsFile, type OtsFile } from "@/lib/domain/timestamps/ots";
import { saveUpgradeOutcomes, type UpgradeOutcome } from "@/lib/domain/timestamps/queue";
import { db } from "@/lib/platform/db";
import { timestampAnchoredEvent } from "@/lib/domain/webhooks/events";
import { queueWebhookEvent } from "@/lib/domain/webhooks/queue";

/** Due checks taken at once by a worker: a batch's proofs share their calendar questions. */
export const UPGRADE_BATCH = 500;
/** Calendars usually need hours: after the first check, checks after 5, 10, 20 … minutes, then every 3 hours. */
export const upgradeBackoffMs = (check: number) => Math.min(180, 5 * 2 ** Math.max(0, check - 1)) * 60_000;
/** A proof no calendar anchored within this long stops being checked (its .ots is kept). */
export const PENDING_GIVE_UP_MS = 30 * 24 * 3600_000;
const CALENDAR_CONCURRENCY = 8;

export type UpgradeCounts = { checked: number; upgraded: number; confirmed: number; pending: number; failed: number };

/** Runs `tasks` with at most `limit` in flight (one batch's proofs share their calendar questions anyway). */
async function inPool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return out;
}

export type AskCalendar = (uri: string, commitment: Buffer) => Promise<UpgradeResult>;

/**
 * `ask` asked at most once per calendar and commitment (however a proof spells the calendar's URI): a batch's proofs
 * share their questions, and a proof repeating one attestation a thousand times asks once.
 */
export function askingOnce(ask: AskCalendar): AskCalendar {
  const asked = new Map<string, Promise<UpgradeResult>>();
  return (uri, commitment) => {
    const key = `${calendarBase(uri)} ${commitment.toString("hex")}`;
    if (!asked.has(key)) asked.set(key, ask(uri, commitment));
    return asked.get(key)!;
  };
}

/**
 * Asks each allowed calendar about each pending attestation of `file` not yet followed by a Bitcoin attestation
 * (through `ask`, at most `concurrency` at a time) and merges the answers. Returns whether the proof changed and
 * the calendar errors.
 */
export async function upgradeFile(file: OtsFile, ask: AskCalendar, configured: string[], concurrency = 1) {
  const errors: string[] = [];
  let changed = false;
  const due = attestationsOf(file.timestamp).flatMap(({ node, msg, attestation: a }) =>
    a.kind === "pending" && isAllowedCalendar(a.uri, configured) && !attestationsOf(node).some((b) => b.attestation.kind === "bitcoin") // else already upgraded
      ? [{ node, msg, uri: a.uri }]
      : [],
  );
  const tasks = due.map((at) => async () => {
    const result = await ask(at.uri, at.msg);
    if (result.kind === "upgraded") changed = mergeTimestamp(at.node, result.timestamp) || changed;
    else if (result.kind === "error") errors.push(result.error);
  });
  await inPool(tasks, concurrency);
  return { changed, errors };
}

export type BitcoinVerdict = { verified: BitcoinBlock | null; mismatches: string[]; unavailable: string[]; waitingCalendars: number };

/** Checks every Bitcoin attestation of `file` against the explorers; the earliest verified block wins. */
export async function judgeBitcoin(file: OtsFile, check: (height: number, msg: Buffer) => Promise<BlockCheck>): Promise<BitcoinVerdict> {
  const verdict: BitcoinVerdict = { verified: null, mismatches: [], unavailable: [], waitingCalendars: 0 };
  for (const at of attestationsOf(file.timestamp)) {
    if (at.attestation.kind === "pending") {
      if (!attestationsOf(at.node).some((a) => a.attestation.kind === "bitcoin")) verdict.waitingCalendars++;
      continue;
    }
    if (at.attestation.kind !== "bitcoin") continue;
    const result = await check(at.attestation.height, at.msg);
    if (result.status === "verified") {
      if (!verdict.verified || result.block.height < verdict.verified.height) verdict.verified = result.block;
    } else if (result.status === "mismatch") verdict.mismatches.push(result.reason);
    else verdict.unavailable.push(result.reason);
  }
  return verdict;
}

type UpgradeJob = PgBoss.Job<JobPayloads["timestamp-upgrade"]>;

/**
 * The calendar checks of a batch of "timestamp-upgrade" jobs: upgrades each proof from its calendars and confirms
 * those a checked block anchors. A proof still pending gets its next check as a job on the backoff schedule; a
 * confirmation, its owner's `timestamp.anchored` webhooks and (for a published version) the owner's mail job are
 * committed together, with the jobs' completion.
 */
export async function checkUpgrades(jobs: UpgradeJob[], now = new Date()): Promise<UpgradeCounts> {
  const env = getEnv();
  const proofs = await db.timestampProof.findMany({
    where: { id: { in: jobs.map((j) => j.data.proofId) }, status: "pending" },
    select: { id: true, ots: true, submittedAt: true },
  });
  const byId = new Map(proofs.map((p) => [p.id, p]));
  const due = jobs.filter((j) => byId.has(j.data.proofId));
  const counts: UpgradeCounts = { checked: due.length, upgraded: 0, confirmed: 0, pending: 0, failed: 0 };
  if (!due.length) return counts;

  const askOnce = askingOnce((uri, commitment) => fetchUpgrade(uri, commitment, env.OTS_TIMEOUT_MS));
  const check = blockChecker(env.ESPLORA_URL, env.OTS_TIMEOUT_MS);

  const outcomes = await inPool(
    due.map((job) => async (): Promise<UpgradeOutcome & { job: UpgradeJob }> => {
      const proof = byId.get(job.data.proofId)!;
      const base = { job, id: proof.id, bitcoin: null };
      let file: OtsFile;
      try {
        file = parseOtsFile(Buffer.from(proof.ots ?? []));
      } catch (err) {
        console.error(`[timestamps] stored proof ${proof.id} is unreadable`, err);
        return { ...base, status: "failed", ots: null, lastError: "The stored proof is unreadable" };
      }
      const { changed, errors } = await upgradeFile(file, askOnce, env.OTS_CALENDARS);
      if (changed) counts.upgraded++;
      const ots = changed ? serializeOtsFile(file) : null;
      const verdict = await judgeBitcoin(file, check);
      if (verdict.verified) return { ...base, status: "confirmed", ots, lastError: null, bitcoin: verdict.verified };
      if (verdict.mismatches.length && verdict.waitingCalendars === 0 && !verdict.unavailable.length) {
        return { ...base, status: "failed", ots, lastError: verdict.mismatches.join("; ") };
      }
      const problems = [...verdict.mismatches, ...verdict.unavailable, ...errors];
      if (proof.submittedAt && now.getTime() - proof.submittedAt.getTime() > PENDING_GIVE_UP_MS) {
        const why = `No Bitcoin attestation could be confirmed within ${PENDING_GIVE_UP_MS / 86_400_000} days`;
        return { ...base, status: "failed", ots, lastError: problems.length ? `${why}: ${problems.join("; ")}` : why };
      }
      return { ...base, status: "pending", ots, lastError: problems.length ? problems.join("; ") : null };
    }),
    CALENDAR_CONCURRENCY,
  );
  await db.$transaction(
    async (tx) => {
      const mine = await completeJobs(tx, "timestamp-upgrade", due.map((j) => j.id));
      const held = outcomes.filter((o) => mine.has(o.job.id));
      const saved = await saveUpgradeOutcomes(tx, held, now);
      const savedIds = new Set(saved.map((p) => p.id));
      const next = held.filter((o) => o.status === "pending" && savedIds.has(o.id));
      await enqueueMany("timestamp-upgrade", next.map((o) => ({ data: { proofId: o.id, check: o.job.data.check + 1 }, startAfter: new Date(now.getTime() + upgradeBackoffMs(o.job.data.check)) })), { tx });
      for (const o of held) if (savedIds.has(o.id)) counts[o.status]++;
      // A published version's proof confirmed: its owner's mail, queued here because a proof is confirmed once.
      const anchoredVersions = saved.filter((p) => p.status === "confirmed" && p.ideaVersionId !== null);
      await enqueueMany("anchored-mail", anchoredVersions.map((p) => ({ data: { proofId: p.id } })), { tx });
      const bitcoin = new Map(held.map((o) => [o.id, o.bitcoin]));
      for (const p of saved) {
        const block = bitcoin.get(p.id);
        if (p.status !== "confirmed" || !block || p.ideaId === null) continue;
        await queueWebhookEvent(tx, timestampAnchoredEvent({ id: p.id, ideaId: p.ideaId, ndaId: p.ndaAcceptanceId, digest: p.digest, confirmedAt: now, bitcoin: block }));
      }
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
  return counts;
}
