import "server-only";
import { db } from "@/lib/platform/db";
import { queueDigests } from "@/lib/domain/timestamps/queue";
import { merkleTreeNodes } from "@/lib/domain/evidence-log/chain";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Anchoring (docs/evidence-log.md): one Merkle tree over the heads of every evidence log that changed since the log's
 * previous anchor, leaves in idea-id order. The anchor (root, time, leaf count), each covered head with its inclusion
 * path, and the root's timestamp (queued like any digest: OpenTimestamps, and whatever else stamps digests) are written
 * in one transaction. One anchor serves every idea, so the cost of stamping does not grow with users.
 *
 * Heads are read without locking the logs (appends go on meanwhile): a head row and its entry commit together, so what
 * the transaction's snapshot sees is a committed head; anything appended after it is covered by the next anchor. The
 * tree is kept whole on the anchor (32 bytes a node) and each log's inclusion names its leaf. A
 * transaction-scoped advisory lock keeps two runs (two instances, a cron call) from anchoring the same heads twice.
 */
export type AnchorRun = { anchorId: string; root: string; logs: number } | { anchorId: null; root: null; logs: 0 };

// Any fixed 64-bit number: the lock names "the log anchoring job".
const ANCHOR_LOCK = 7_302_901_127;

type Head = { ideaId: number; headSeq: number; headHash: string };

// The logs changed since their last anchor: the heads query and the inclusions' insert name the same rows (one
// snapshot, the transaction being REPEATABLE READ).
const CHANGED_LOGS = Prisma.sql`
  FROM "EvidenceLog" l
  WHERE l."headSeq" > COALESCE((SELECT MAX(i."headSeq") FROM "LogAnchorInclusion" i WHERE i."ideaId" = l."ideaId"), 0)`;

export async function runLogAnchorJob(now = new Date()): Promise<AnchorRun> {
  return db.$transaction(
    async (tx) => {
      const [{ locked }] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${ANCHOR_LOCK}::bigint) AS "locked"`;
      if (!locked) return { anchorId: null, root: null, logs: 0 };
      const heads = await tx.$queryRaw<Head[]>`SELECT l."ideaId", l."headSeq", l."headHash" ${CHANGED_LOGS} ORDER BY l."ideaId"`;
      if (!heads.length) return { anchorId: null, root: null, logs: 0 };
      const { root, nodes } = merkleTreeNodes(heads.map((h) => h.headHash));
      const anchor = await tx.logAnchor.create({ data: { root, createdAt: now, leafCount: heads.length, tree: new Uint8Array(nodes) }, select: { id: true } });
      // Each covered head and its leaf, written by PostgreSQL from the rows it just gave: nothing per log crosses the
      // wire (its path is read from the tree when asked for).
      const written = await tx.$executeRaw`
        INSERT INTO "LogAnchorInclusion" ("anchorId", "ideaId", "headSeq", "headHash", "leafIndex")
        SELECT ${anchor.id}, l."ideaId", l."headSeq", l."headHash", (row_number() OVER (ORDER BY l."ideaId") - 1)::int ${CHANGED_LOGS}`;
      if (written !== heads.length) throw new Error(`The anchor covers ${heads.length} logs but ${written} were written`);
      await queueDigests(tx, [{ logAnchorId: anchor.id, digest: root }]);
      return { anchorId: anchor.id, root, logs: heads.length };
    },
    { timeout: 60_000, maxWait: 30_000, isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
  );
}
