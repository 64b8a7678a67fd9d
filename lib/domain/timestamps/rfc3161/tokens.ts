import "server-only";
import { after } from "next/server";
import type { Prisma, TsaToken } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { enqueue, enqueueMany, runJobsFor } from "@/lib/platform/jobs";
import { NotFoundError } from "@/lib/platform/http/errors";
import { hostOf } from "@/lib/domain/timestamps/http";
import { requestTimeStamp, TSA_TIMEOUT_MS } from "@/lib/domain/timestamps/rfc3161/client";

/**
 * The RFC 3161 token of each proof: created with the proof (queueDigests) and fetched at once by a `tsa` job, so the
 * owner has a signed time within seconds while Bitcoin takes hours. Failures are retried with the calendar
 * submissions' backoff (1, 2, 4 … minutes, at most an hour apart, about a day), then the token is `failed`.
 */
export const MAX_TSA_ATTEMPTS = 30;
export const tsaBackoffMs = (attempts: number) => Math.min(60, 2 ** (attempts - 1)) * 60_000;

export type Rfc3161State = "granted" | "pending" | "failed" | "off";
export type Rfc3161Json = {
  state: Rfc3161State;
  /** The authority's host name, once granted. */
  tsa: string | null;
  /** The time the authority signed, once granted. */
  genTime: Date | null;
  /** The token's serial number (hex), once granted. */
  serial: string | null;
};

/**
 * A token row for each new proof, and its job in the same transaction (the caller's: a publication, an acceptance, a
 * pack's manifest). With TSA_URLS empty the rows say "off" and no job is queued.
 */
export async function queueTsaTokens(tx: Prisma.TransactionClient, proofIds: string[]) {
  if (!proofIds.length) return;
  const off = getEnv().TSA_URLS.length === 0;
  const rows = await tx.tsaToken.createManyAndReturn({ data: proofIds.map((proofId) => ({ proofId, state: off ? "off" : "pending" })), skipDuplicates: true, select: { id: true } });
  if (off) return;
  await enqueueMany("tsa", rows.map(({ id }) => ({ data: { tokenId: id } })), { tx });
  if (rows.length) runTokenJobsAfterResponse();
}

/** Proofs per transaction, and at most per run, in the backfill below (the next run takes the rest). */
const BACKFILL_PAGE = 200;
const BACKFILL_MAX_PER_RUN = 2_000;

/**
 * Proofs made before RFC 3161 tokens existed (or while TSA_URLS was empty) get theirs now: a token of the same
 * digest, whose signed time is the time it is granted — later than the proof's OpenTimestamps commitment, and said
 * so wherever it is shown ('Timestamped at {time}'). Nothing happens while tokens are off. One query when none is
 * missing; several instances may run it at once (one token per proof: the others' inserts do nothing).
 */
export async function queueMissingTsaTokens(): Promise<number> {
  if (getEnv().TSA_URLS.length === 0) return 0;
  let queued = 0;
  let after = "";
  while (queued < BACKFILL_MAX_PER_RUN) {
    const ids = await db.$queryRaw<{ id: string }[]>`
      SELECT p."id" FROM "TimestampProof" p
      WHERE p."id" > ${after}
        AND NOT EXISTS (SELECT 1 FROM "TsaToken" t WHERE t."proofId" = p."id" AND t."state" <> 'off')
      ORDER BY p."id" LIMIT ${BACKFILL_PAGE}`;
    if (!ids.length) break;
    after = ids[ids.length - 1].id;
    const proofIds = ids.map((r) => r.id);
    await db.$transaction(async (tx) => {
      // Rows written while tokens were off are asked for now, like the ones that never had a row.
      const revived = await tx.$queryRaw<{ id: string }[]>`
        UPDATE "TsaToken" SET "state" = 'pending', "nextAttemptAt" = now() WHERE "proofId" = ANY(${proofIds}::text[]) AND "state" = 'off' RETURNING "id"`;
      await enqueueMany("tsa", revived.map(({ id }) => ({ data: { tokenId: id } })), { tx });
      await queueTsaTokens(tx, proofIds);
    });
    queued += ids.length;
    if (ids.length < BACKFILL_PAGE) break;
  }
  return queued;
}

/** How long a serverless function stays up after its response to fetch the tokens it queued. */
const AFTER_RESPONSE_BUDGET_MS = 30_000;

/**
 * A long-running server's worker takes a queued token within a second. On Vercel no worker runs between requests:
 * the function that queued it runs the queue after its response (Next's `after`; by then the transaction has
 * committed), and the timestamp cron call picks up retries.
 */
function runTokenJobsAfterResponse() {
  if (!getEnv().VERCEL) return;
  try {
    after(async () => {
      await runJobsFor("tsa", (data) => runTsaJob(data), AFTER_RESPONSE_BUDGET_MS, { maintain: false }).catch((err: unknown) => {
        console.error("[tsa] token run failed", err);
      });
    });
  } catch {
    // `after` throws synchronously outside a request scope (a job, a script): the cron call runs the queue.
  }
}

export type TsaJobOutcome = { tokenId: string; state: Rfc3161State | "skipped"; error?: string };

/**
 * One attempt for one token. The attempt is claimed with a conditional update (due, pending, a lease past the
 * authorities' timeouts), and its attempt number fences the final write: a run that lost its lease changes nothing.
 */
export async function runTsaJob({ tokenId }: { tokenId: string }, now = new Date()): Promise<TsaJobOutcome> {
  const urls = getEnv().TSA_URLS;
  const leaseMs = TSA_TIMEOUT_MS * Math.max(1, urls.length) + 60_000;
  const claimed = await db.tsaToken.updateMany({
    where: { id: tokenId, state: "pending", nextAttemptAt: { lte: now } },
    data: { attempts: { increment: 1 }, nextAttemptAt: new Date(now.getTime() + leaseMs) },
  });
  if (!claimed.count) return { tokenId, state: "skipped" };
  const token = await db.tsaToken.findUniqueOrThrow({ where: { id: tokenId }, select: { attempts: true, proof: { select: { digest: true } } } });
  const fence = { id: tokenId, attempts: token.attempts, state: "pending" as const };
  if (!urls.length) {
    await db.tsaToken.updateMany({ where: fence, data: { state: "off", lastError: null } });
    return { tokenId, state: "off" };
  }
  const result = await requestTimeStamp(Buffer.from(token.proof.digest, "hex"), urls);
  if (result.ok) {
    const t = result.token;
    await db.tsaToken.updateMany({
      where: fence,
      data: { state: "granted", token: new Uint8Array(result.der), tsaUrl: result.url, tsaName: t.tsa, genTime: t.genTime, serial: t.serial, grantedAt: now, lastError: null },
    });
    return { tokenId, state: "granted" };
  }
  if (token.attempts >= MAX_TSA_ATTEMPTS) {
    await db.tsaToken.updateMany({ where: fence, data: { state: "failed", lastError: `Gave up after ${MAX_TSA_ATTEMPTS} attempts: ${result.error}` } });
    return { tokenId, state: "failed", error: result.error };
  }
  const next = new Date(now.getTime() + tsaBackoffMs(token.attempts));
  await db.$transaction(async (tx) => {
    const kept = await tx.tsaToken.updateMany({ where: fence, data: { nextAttemptAt: next, lastError: result.error } });
    if (kept.count) await enqueue("tsa", { tokenId }, { tx, startAfter: next });
  });
  return { tokenId, state: "pending", error: result.error };
}

export function presentTsaToken(t: Pick<TsaToken, "state" | "tsaUrl" | "genTime" | "serial"> | null | undefined): Rfc3161Json {
  if (!t) return { state: "off", tsa: null, genTime: null, serial: null };
  const granted = t.state === "granted";
  return { state: t.state, tsa: granted && t.tsaUrl ? hostOf(t.tsaUrl) : null, genTime: granted ? t.genTime : null, serial: granted ? t.serial : null };
}

/** The stored token of a proof (DER TimeStampResp), or the 404 that says why there is none yet. */
export function grantedTokenOr404(t: Pick<TsaToken, "state" | "token" | "lastError"> | null | undefined): Buffer {
  if (t?.state === "granted" && t.token) return Buffer.from(t.token);
  if (!t || t.state === "off") throw new NotFoundError("No RFC 3161 token: time-stamping authorities are turned off for this proof");
  if (t.state === "failed") throw new NotFoundError(`No RFC 3161 token: the time-stamping authorities did not grant one${t.lastError ? ` (${t.lastError})` : ""}`);
  throw new NotFoundError("No RFC 3161 token yet: the time-stamping authority has not answered. Try again in a moment.");
}

/** Every token of one proof id (a log anchor's, the evidence pack's): the bytes once granted, else null. */
export async function tsaTokenOfProof(proofId: string): Promise<{ token: TsaToken | null; der: Buffer | null }> {
  const token = await db.tsaToken.findUnique({ where: { proofId } });
  return { token, der: token?.state === "granted" && token.token ? Buffer.from(token.token) : null };
}
