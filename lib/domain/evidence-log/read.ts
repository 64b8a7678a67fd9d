import "server-only";
import { db } from "@/lib/platform/db";
import { merklePathOffsets, type LogAnchorLine, type MerkleStep } from "@/lib/domain/evidence-log/chain";

/** An entry as stored: `data` is its canonical JSON text, written into the line as it is (the hashed bytes). */
type StoredEntry = { seq: number; at: Date; type: string; data: string; prev: string; hash: string };
type StoredAnchor = { headSeq: number; path: MerkleStep[]; root: string; createdAt: Date; ots: Buffer | Uint8Array | null; tsr: Buffer | Uint8Array | null };

const BATCH = 1000;

/** One entry's JSON line: the fields in the documented order, `data` as the exact canonical text that was hashed. */
export function entryLine(e: StoredEntry): string {
  return `{"seq":${e.seq},"at":${JSON.stringify(e.at.toISOString())},"type":${JSON.stringify(e.type)},"data":${e.data},"prev":"${e.prev}","hash":"${e.hash}"}`;
}

const base64 = (bytes: Buffer | Uint8Array | null) => (bytes ? Buffer.from(bytes).toString("base64") : null);

/** An anchor's line: its root, the log head's path to it, and both proofs of the root once they exist (else null). */
function anchorLine(a: StoredAnchor): string {
  const line: LogAnchorLine = {
    anchor: { root: a.root, path: a.path, at: a.createdAt.toISOString(), ots: base64(a.ots), tsr: base64(a.tsr) },
  };
  return JSON.stringify(line);
}

/** The nodes at these byte offsets of these anchors' trees, as hex by `${anchorId}:${offset}`: a path's few nodes, never a whole tree. */
async function treeNodesAt(wanted: { anchorId: string; offset: number }[]): Promise<Map<string, string>> {
  if (!wanted.length) return new Map();
  const rows = await db.$queryRaw<{ anchorId: string; offset: number; hash: string }[]>`
    SELECT x."anchorId", x."offset", encode(substring(a."tree" FROM x."offset" + 1 FOR 32), 'hex') AS "hash"
    FROM unnest(${wanted.map((w) => w.anchorId)}::text[], ${wanted.map((w) => w.offset)}::int[]) AS x("anchorId", "offset")
    JOIN "LogAnchor" a ON a."id" = x."anchorId"`;
  return new Map(rows.map((r) => [`${r.anchorId}:${r.offset}`, r.hash]));
}

async function anchorsOf(ideaId: number): Promise<StoredAnchor[]> {
  const rows = await db.logAnchorInclusion.findMany({
    where: { ideaId },
    orderBy: { headSeq: "asc" },
    select: {
      anchorId: true,
      headSeq: true,
      path: true,
      leafIndex: true,
      // The RFC 3161 token is kept only once verified and granted (lib/domain/timestamps/rfc3161).
      anchor: { select: { root: true, createdAt: true, leafCount: true, timestamp: { select: { ots: true, tsaToken: { select: { token: true } } } } } },
    },
  });
  const steps = new Map(rows.map((r) => [r, r.path === null ? merklePathOffsets(r.anchor.leafCount, r.leafIndex!) : []]));
  const nodes = await treeNodesAt(rows.flatMap((r) => steps.get(r)!.map((s) => ({ anchorId: r.anchorId, offset: s.offset }))));
  return rows.map((r) => ({
    headSeq: r.headSeq,
    path: r.path === null ? steps.get(r)!.map((s) => ({ side: s.side, hash: nodes.get(`${r.anchorId}:${s.offset}`)! })) : (JSON.parse(r.path) as MerkleStep[]),
    root: r.anchor.root,
    createdAt: r.anchor.createdAt,
    ots: r.anchor.timestamp?.ots ?? null,
    tsr: r.anchor.timestamp?.tsaToken?.token ?? null,
  }));
}

/**
 * The idea's log as JSON Lines (docs/evidence-log.md), read in batches of entries in seq order, each anchor's line right
 * after the entry it covered. (Anchors are few; entries may be many, so they are never all in memory at once.)
 */
export async function* evidenceLogLines(ideaId: number): AsyncGenerator<string> {
  const anchors = await anchorsOf(ideaId);
  let a = 0;
  let after = 0;
  for (;;) {
    const batch = await db.evidenceEntry.findMany({
      where: { ideaId, seq: { gt: after } },
      orderBy: { seq: "asc" },
      take: BATCH,
      select: { seq: true, at: true, type: true, data: true, prev: true, hash: true },
    });
    for (const e of batch) {
      yield `${entryLine(e)}\n`;
      while (a < anchors.length && anchors[a].headSeq === e.seq) yield `${anchorLine(anchors[a++])}\n`;
    }
    if (batch.length < BATCH) return;
    after = batch[batch.length - 1].seq;
  }
}

/** The distinct anchors covering an idea's log, oldest first, with the proofs of their roots (null while missing). */
export async function anchorProofsOf(ideaId: number): Promise<{ root: string; ots: Buffer | null; tsr: Buffer | null }[]> {
  const byRoot = new Map<string, { root: string; ots: Buffer | null; tsr: Buffer | null }>();
  for (const a of await anchorsOf(ideaId)) {
    byRoot.set(a.root, { root: a.root, ots: a.ots ? Buffer.from(a.ots) : null, tsr: a.tsr ? Buffer.from(a.tsr) : null });
  }
  return [...byRoot.values()];
}

/** The log entries of an idea by seq (the timeline and receipts name the entry behind each event). */
export async function evidenceEntries(ideaId: number) {
  const rows = await db.evidenceEntry.findMany({ where: { ideaId }, orderBy: { seq: "asc" }, select: { seq: true, type: true, data: true, hash: true, at: true } });
  return rows.map((r) => ({ seq: r.seq, type: r.type, hash: r.hash, at: r.at, data: JSON.parse(r.data) as Record<string, unknown> }));
}

/** An entry named as evidence (a receipt line): its seq and hash, and the first anchor that covers it, if any yet. */
export type LogRef = { seq: number; hash: string; type: string; at: string; data: Record<string, unknown>; anchor: { root: string; at: string } | null };

/**
 * The entries of `ideaId`'s log about one recipient (their `data.recipientId`, or one of their views' `data.viewId`: a
 * reading report names only its view), in seq order, each with the earliest
 * anchor whose covered head is at or after it: that anchor's root commits to the entry through the chain.
 */
export async function recipientLogRefs(ideaId: number, recipientId: string): Promise<LogRef[]> {
  return (await recipientsLogRefs(ideaId, [recipientId])).get(recipientId) ?? [];
}

/**
 * The same for several recipients of one link at once, by recipient (an evidence pack's page of receipts): one
 * statement, the log read once instead of once per recipient.
 */
export async function recipientsLogRefs(ideaId: number, recipientIds: readonly string[]): Promise<Map<string, LogRef[]>> {
  const byRecipient = new Map<string, LogRef[]>(recipientIds.map((id) => [id, []]));
  if (!recipientIds.length) return byRecipient;
  const ids = [...recipientIds];
  const rows = await db.$queryRaw<{ recipientId: string; seq: number; hash: string; type: string; at: Date; data: string; root: string | null; anchoredAt: Date | null }[]>`
    SELECT m."recipientId", e."seq", e."hash", e."type", e."at", e."data", a."root", a."createdAt" AS "anchoredAt"
    FROM "EvidenceEntry" e
    CROSS JOIN LATERAL (
      SELECT COALESCE(e."data"::jsonb ->> 'recipientId', (SELECT v."recipientId" FROM "ViewEvent" v WHERE v."id" = e."data"::jsonb ->> 'viewId')) AS "recipientId"
    ) m
    LEFT JOIN LATERAL (
      SELECT la."root", la."createdAt" FROM "LogAnchorInclusion" i JOIN "LogAnchor" la ON la."id" = i."anchorId"
      WHERE i."ideaId" = e."ideaId" AND i."headSeq" >= e."seq"
      ORDER BY i."headSeq" ASC LIMIT 1) a ON TRUE
    WHERE e."ideaId" = ${ideaId} AND m."recipientId" = ANY(${ids}::text[])
    ORDER BY e."seq"`;
  for (const r of rows) {
    byRecipient.get(r.recipientId)?.push({
      seq: r.seq,
      hash: r.hash,
      type: r.type,
      at: r.at.toISOString(),
      data: JSON.parse(r.data) as Record<string, unknown>,
      anchor: r.root && r.anchoredAt ? { root: r.root, at: r.anchoredAt.toISOString() } : null,
    });
  }
  return byRecipient;
}
