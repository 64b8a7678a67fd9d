import "server-only";
import { db } from "@/lib/platform/db";
import { queueDigests } from "@/lib/domain/timestamps/queue";
import { buildMerkleTree } from "@/lib/domain/evidence-log/chain";

/**
 * Anchoring (docs/evidence-log.md): one Merkle tree over the heads of every evidence log that changed since the log's
 * previous anchor, leaves in idea-id order. The anchor (root, time, leaf count), each covered head with its inclusion
 * path, and the root's timestamp (queued like any digest: OpenTimestamps, and whatever else stamps digests) are written
 * in one transaction. One anchor serves every idea, so the cost of stamping does not grow with users.
 *
 * Heads are read without locking the logs (appends go on meanwhile): a head row and its entry commit together, so what
 * this statement sees is a committed head; anything appended after it is covered by the next anchor. A
 * transaction-scoped advisory lock keeps two runs (two instances, a cron call) from anchoring the same heads twice.
 */
export type AnchorRun = { anchorId: string; root: string; logs: number } | { anchorId: null; root: null; logs: 0 };

// Any fixed 64-bit number: the lock names "the log anchoring job".
const ANCHOR_LOCK = 7_302_901_127;

type Head = { ideaId: number; headSeq: number; headHash: string };

export async function runLogAnchorJob(now = new Date()): Promise<AnchorRun> {
  return db.$transaction(
    async (tx) => {
      const [{ locked }] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${ANCHOR_LOCK}::bigint) AS "locked"`;
      if (!locked) return { anchorId: null, root: null, logs: 0 };
      const heads = await tx.$queryRaw<Head[]>`
        SELECT l."ideaId", l."headSeq", l."headHash" FROM "EvidenceLog" l
        WHERE l."headSeq" > COALESCE((SELECT MAX(i."headSeq") FROM "LogAnchorInclusion" i WHERE i."ideaId" = l."ideaId"), 0)
        ORDER BY l."ideaId"`;
      if (!heads.length) return { anchorId: null, root: null, logs: 0 };
      const { root, paths } = buildMerkleTree(heads.map((h) => h.headHash));
      const anchor = await tx.logAnchor.create({ data: { root, createdAt: now, leafCount: heads.length }, select: { id: true } });
      // Every covered head and its path as ONE JSON text parameter: thousands of array elements cost the client far
      // more to send than PostgreSQL takes to read one document.
      const rows = JSON.stringify(heads.map((h, i) => ({ ideaId: h.ideaId, headSeq: h.headSeq, headHash: h.headHash, path: JSON.stringify(paths[i]) })));
      await tx.$executeRaw`
        INSERT INTO "LogAnchorInclusion" ("anchorId", "ideaId", "headSeq", "headHash", "path")
        SELECT ${anchor.id}, v."ideaId", v."headSeq", v."headHash", v."path"
        FROM json_to_recordset(${rows}::json) AS v("ideaId" int, "headSeq" int, "headHash" text, "path" text)`;
      await queueDigests(tx, [{ logAnchorId: anchor.id, digest: root }]);
      return { anchorId: anchor.id, root, logs: heads.length };
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}
