import "server-only";
import { db } from "@/lib/platform/db";
import { exportDigest } from "@/lib/domain/ideas/export";
import { ndaEvidenceDigest } from "@/lib/domain/evidence/nda-evidence";
import { queueDigests, type QueueItem } from "@/lib/domain/timestamps/queue";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Data older than the proofs: the first release published ideas without timestamps, and agreements were accepted
 * before acceptances were stamped. Each such idea or acceptance is queued here exactly as publication and acceptance
 * queue theirs (the same digests: the idea's export — its stored content as published, the PDF's bytes for a PDF
 * idea — and the acceptance's evidence record), so the job stamps it like any other. Run on start-up of a
 * long-running server and at the start of every job run (the cron call on Vercel); idempotent.
 */

/** Subjects per query and per transaction. */
const PAGE = 100;
/** A run stops after this many (the cron call has a time limit); the next run takes the rest. */
const MAX_PER_RUN = 1_000;

export type BackfillCounts = { ideas: number; agreements: number; failed: number };

type Missing = { kind: "idea" | "nda"; id: string };

/**
 * One statement: published versions (every publication of an idea; ideas published before versions are their
 * version 1 since the versions migration) and acceptances without a proof, after the cursors. Each half is an
 * anti-join on the proofs' unique index of its subject, so when nothing is missing a run costs this one query.
 */
function findMissing(after: { idea: string; nda: string }, limit: number) {
  return db.$queryRaw<Missing[]>`
    (SELECT 'idea' AS "kind", v."id" FROM "IdeaVersion" AS v
      WHERE v."status" = 'published' AND v."id" > ${after.idea}
        AND NOT EXISTS (SELECT 1 FROM "TimestampProof" AS p WHERE p."ideaVersionId" = v."id")
      ORDER BY v."id" LIMIT ${limit})
    UNION ALL
    (SELECT 'nda', n."id" FROM "NdaAcceptance" AS n
      WHERE n."id" > ${after.nda}
        AND NOT EXISTS (SELECT 1 FROM "TimestampProof" AS p WHERE p."ndaAcceptanceId" = n."id")
      ORDER BY n."id" LIMIT ${limit})`;
}

type VersionToStamp = { id: string; ideaId: number; version: number; title: string; contentCiphertext: Uint8Array; idea: { ownerId: string } };

/** The stamped bytes of a version are its idea's export format over the version's own title and content. */
function versionDigest(v: VersionToStamp) {
  return exportDigest({ id: v.ideaId, ownerId: v.idea.ownerId, title: v.title, contentCiphertext: v.contentCiphertext });
}

const versionToStampSelect = { id: true, ideaId: true, version: true, title: true, contentCiphertext: true, idea: { select: { ownerId: true } } } as const;

/** Digests of the given published versions; one that cannot be exported (its PDF gone, a key missing) is reported and left for the next run. */
async function ideaItems(ids: string[], counts: BackfillCounts): Promise<QueueItem[]> {
  if (!ids.length) return [];
  const versions = await db.ideaVersion.findMany({ where: { id: { in: ids }, status: "published" }, select: versionToStampSelect });
  const items: QueueItem[] = [];
  for (const v of versions) {
    try {
      items.push({ ideaVersionId: v.id, digest: await versionDigest(v) });
    } catch (err) {
      counts.failed++;
      console.error(`[timestamps] version ${v.version} of published idea ${v.ideaId} cannot be queued for a timestamp: ${(err as Error).message}`);
    }
  }
  return items;
}

async function ndaItems(ids: string[]): Promise<QueueItem[]> {
  if (!ids.length) return [];
  const ndas = await db.ndaAcceptance.findMany({
    where: { id: { in: ids } },
    select: {
      id: true, shareId: true, ideaId: true, name: true, email: true, phone: true, agreementVersion: true, agreementSha256: true,
      contentSha256: true, version: true, acceptedAt: true, signature: true, recordFormat: true,
    },
  });
  return ndas.map((nda) => ({ ndaAcceptanceId: nda.id, digest: ndaEvidenceDigest(nda) }));
}

/**
 * Queues the items; a version newly queued also gets what publication records with its digest (contentSha256, which
 * the first release computed differently), and so does its idea when it is the latest publication (with
 * blockchainTimestamp, the commitment time: now, if it had none).
 */
async function queueWithIdeaFields(tx: Prisma.TransactionClient, items: QueueItem[]) {
  const created = await queueDigests(tx, items);
  const versionProofs = created.filter((p) => p.ideaVersionId !== null).map((p) => p.id);
  if (versionProofs.length) {
    await tx.$executeRaw`
      UPDATE "IdeaVersion" AS v SET "contentSha256" = p."digest"
      FROM "TimestampProof" AS p
      WHERE p."ideaVersionId" = v."id" AND p."id" = ANY(${versionProofs}::text[])`;
    await tx.$executeRaw`
      UPDATE "Idea" AS i SET "contentSha256" = p."digest", "blockchainTimestamp" = COALESCE(i."blockchainTimestamp", p."createdAt")
      FROM "TimestampProof" AS p JOIN "IdeaVersion" AS v ON v."id" = p."ideaVersionId"
      WHERE v."ideaId" = i."id" AND v."version" = i."version" AND p."id" = ANY(${versionProofs}::text[])`;
  }
  return created;
}

/**
 * Queues every published idea and every accepted agreement that has no proof. Several instances may run it at
 * once: each subject's unique proof index lets one of them queue it (the others' inserts do nothing), so no digest
 * is queued or submitted twice.
 */
export async function queueMissingProofs(): Promise<BackfillCounts> {
  const counts: BackfillCounts = { ideas: 0, agreements: 0, failed: 0 };
  const after = { idea: "", nda: "" };
  for (let seen = 0; seen < MAX_PER_RUN; ) {
    const missing = await findMissing(after, PAGE);
    if (!missing.length) break;
    const ideaIds = missing.filter((m) => m.kind === "idea").map((m) => m.id);
    const ndaIds = missing.filter((m) => m.kind === "nda").map((m) => m.id);
    if (ideaIds.length) after.idea = ideaIds[ideaIds.length - 1];
    if (ndaIds.length) after.nda = ndaIds[ndaIds.length - 1];
    seen += missing.length;

    const items = [...(await ideaItems(ideaIds, counts)), ...(await ndaItems(ndaIds))];
    const created = items.length ? await db.$transaction((tx) => queueWithIdeaFields(tx, items)) : [];
    counts.ideas += created.filter((p) => p.ideaVersionId !== null).length;
    counts.agreements += created.filter((p) => p.ndaAcceptanceId !== null).length;
    if (ideaIds.length < PAGE && ndaIds.length < PAGE) break;
  }
  return counts;
}

/** One version's proof, queued now if it was published before proofs existed (the owner's lookup needs no job run). */
export async function queueMissingVersionProof(versionId: string) {
  const v = await db.ideaVersion.findUniqueOrThrow({ where: { id: versionId }, select: versionToStampSelect });
  const item = { ideaVersionId: v.id, digest: await versionDigest(v) };
  await db.$transaction((tx) => queueWithIdeaFields(tx, [item]));
}

/** The same for one acceptance made before acceptances were stamped. */
export async function queueMissingNdaProof(nda: Parameters<typeof ndaEvidenceDigest>[0]) {
  await db.$transaction((tx) => queueDigests(tx, [{ ndaAcceptanceId: nda.id, digest: ndaEvidenceDigest(nda) }]));
}

/** Start-up of a long-running server: queued in the background, so serving never waits for it. */
export function queueMissingProofsInBackground() {
  void queueMissingProofs().then(
    (c) => {
      if (c.ideas || c.agreements) console.log(`[timestamps] queued proofs for ${c.ideas} ideas and ${c.agreements} agreements made before timestamps`);
    },
    (err) => console.error("[timestamps] queueing older ideas and agreements failed", err),
  );
}
