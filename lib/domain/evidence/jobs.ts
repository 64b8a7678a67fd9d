import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { adoptOrphans, liveJobWith } from "@/lib/platform/jobs";
import { queueMissingProofs, type BackfillCounts } from "@/lib/domain/evidence/backfill";
import { queueMissingTsaTokens } from "@/lib/domain/timestamps/rfc3161/tokens";
import { staleCertificates } from "@/lib/domain/agreements/stored-certificate";

export type TimestampJobCounts = { backfill: BackfillCounts; tsaTokens: number; adopted: { stamp: number; upgrade: number }; certificates: number };

/**
 * The periodic timestamp job (a worker's, or the cron call's). The stamping and the calendar checks are jobs of their
 * own, one per proof ("stamp", "timestamp-upgrade"), queued with the proof and by each other; this run only queues
 * what nothing else would: anything published or accepted before proofs existed (one query when nothing is:
 * lib/domain/evidence/backfill.ts; on Vercel this is where it happens, no instance start-up being a good place), an
 * RFC 3161 token for any proof made before tokens (or while they were off), and
 * a job for any proof that has none — left queued or pending by a release before the job queue, or given up by the
 * library after repeated crashes. One query each when there is none. Last, the certificate of each acceptance whose
 * proof or token settled in another state than its kept certificate prints is queued for a rebuild
 * (lib/domain/agreements/stored-certificate.ts), so evidence packs find them ready.
 */
export async function runTimestampJobs(): Promise<TimestampJobCounts> {
  const backfill = await queueMissingProofs();
  const tsaTokens = await queueMissingTsaTokens();
  const stamp = await adoptOrphans("stamp", (tx) =>
    tx.$queryRaw<{ data: { proofId: string; attempt: number } }[]>`
      SELECT jsonb_build_object('proofId', p."id", 'attempt', 1) AS data FROM "TimestampProof" p
      WHERE p."status" = 'queued' AND NOT ${liveJobWith("stamp", "proofId", Prisma.sql`p."id"`)}`,
  );
  const upgrade = await adoptOrphans("timestamp-upgrade", (tx) =>
    tx.$queryRaw<{ data: { proofId: string; check: number } }[]>`
      SELECT jsonb_build_object('proofId', p."id", 'check', 1) AS data FROM "TimestampProof" p
      WHERE p."status" = 'pending' AND NOT ${liveJobWith("timestamp-upgrade", "proofId", Prisma.sql`p."id"`)}`,
  );
  const certificates = await adoptOrphans("certificates", staleCertificates);
  return { backfill, tsaTokens, adopted: { stamp, upgrade }, certificates };
}
