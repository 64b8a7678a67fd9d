import "server-only";
import { randomBytes } from "node:crypto";
import type pg from "pg";
import type { Prisma } from "@/lib/generated/prisma/client";
import { canonicalize } from "@/lib/domain/evidence-log/canonical-json";
import { commitment, entryHash, ZERO_HASH, type EvidenceData } from "@/lib/domain/evidence-log/chain";

/**
 * Appending to an idea's evidence log (docs/evidence-log.md), always inside the transaction that writes the event
 * itself, so an entry exists if and only if its event was committed.
 *
 * Two statements. The first inserts the log's head row or advances it by one (INSERT … ON CONFLICT DO UPDATE):
 * that takes the row's lock, held until the caller's transaction ends, so appends to one idea (from any instance)
 * are serialised by PostgreSQL and numbered 1, 2, … with no gap or fork; it returns the new seq and, still
 * unchanged, the previous head's hash. The second writes the entry, the personal values it commits to, and the new
 * head hash, in one statement. Callers append last in their transaction, so the head row is locked only briefly.
 */

/** What an entry records; the activity timeline and receipts find entries by the ids in `data`. */
export const EVIDENCE_EVENT_TYPES = [
  "link.created",
  "link.changed",
  "link.revoked",
  "recipient.identified",
  "recipient.readmitted",
  "address.proven",
  "passcode.given",
  "agreement.shown",
  "agreement.accepted",
  "agreement.declined",
  "view",
  "reading.reported",
  "comment",
  "reply",
  "file.downloaded",
  "version.published",
  "evidence-pack.made",
] as const;
export type EvidenceEventType = (typeof EVIDENCE_EVENT_TYPES)[number];

/** Personal fields: in an entry only as salted commitments (`data.personal`), erasable beside it. */
export const PERSONAL_FIELDS = ["name", "email", "phone", "ip", "userAgent", "signature"] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

export type EvidenceEvent = {
  ideaId: number;
  type: EvidenceEventType;
  /** Ids and digests only (shareId, recipientId, viewId, version, sha256…); never a personal value. */
  data: EvidenceData;
  /** Personal values of the event; absent or null ones are left out. */
  personal?: Partial<Record<PersonalField, string | null | undefined>>;
  /** Whom the personal values are about: deleting that recipient deletes them. */
  recipientId?: string | null;
};

export type AppendedEntry = { seq: number; hash: string; at: string };

/** A Prisma transaction or a pg client inside BEGIN (the reading-time reports' own connection). */
export type EvidenceTx = Prisma.TransactionClient | pg.PoolClient;

async function query<T>(tx: EvidenceTx, text: string, values: unknown[]): Promise<T[]> {
  if ("$queryRawUnsafe" in tx) return tx.$queryRawUnsafe<T[]>(text, ...values);
  return (await tx.query(text, values)).rows as T[];
}

const ADVANCE_HEAD = `
  INSERT INTO "EvidenceLog" ("ideaId", "headSeq", "headHash", "updatedAt") VALUES ($1::int, 1, '${ZERO_HASH}', now())
  ON CONFLICT ("ideaId") DO UPDATE SET "headSeq" = "EvidenceLog"."headSeq" + 1
  RETURNING "headSeq" AS "seq", "headHash" AS "prev"`;

// The head's hash is set last: until then it is the previous entry's, which the first statement read.
const WRITE_ENTRY = `
  WITH entry AS (
    INSERT INTO "EvidenceEntry" ("ideaId", "seq", "at", "type", "data", "prev", "hash")
    VALUES ($1::int, $2::int, $3::timestamptz, $4, $5, $6, $7)
  ), personal AS (
    INSERT INTO "EvidencePersonalData" ("ideaId", "seq", "field", "value", "salt", "recipientId")
    SELECT $1::int, $2::int, f, v, s, $8::text FROM unnest($9::text[], $10::text[], $11::text[]) AS p(f, v, s)
  )
  UPDATE "EvidenceLog" SET "headHash" = $7, "updatedAt" = $3::timestamptz AT TIME ZONE 'UTC' WHERE "ideaId" = $1::int`;

/** Appends one entry to the idea's log inside `tx` (the event's own transaction) and answers its seq and hash. */
export async function appendEvidence(tx: EvidenceTx, event: EvidenceEvent): Promise<AppendedEntry> {
  const fields: string[] = [];
  const values: string[] = [];
  const salts: string[] = [];
  const commitments: Record<string, string> = {};
  for (const field of PERSONAL_FIELDS) {
    const value = event.personal?.[field];
    if (value === undefined || value === null || value === "") continue;
    const salt = randomBytes(16).toString("hex");
    fields.push(field);
    values.push(value);
    salts.push(salt);
    commitments[field] = commitment(salt, value);
  }
  const data: EvidenceData = fields.length ? { ...event.data, personal: commitments } : event.data;
  const dataJson = canonicalize(data);

  const [head] = await query<{ seq: number; prev: string }>(tx, ADVANCE_HEAD, [event.ideaId]);
  // Read once the head is locked, so `at` never runs backwards along the chain of one instance's clock.
  const at = new Date().toISOString();
  const seq = Number(head.seq);
  const hash = entryHash({ seq, at, type: event.type, data }, head.prev);
  await query(tx, WRITE_ENTRY, [event.ideaId, seq, at, event.type, dataJson, head.prev, hash, event.recipientId ?? null, fields, values, salts]);
  return { seq, hash, at };
}

/** What a link opens: one idea, or one room (exactly one is set). */
export type LinkSubject = { ideaId: number | null; roomId?: string | null };

/**
 * Appends an event of a link to the log of every idea it covers: the idea of an idea link; each idea in a room
 * link's room (one identification or acceptance covers each of them), in id order so concurrent appends to
 * several logs lock their heads in one order.
 */
export async function appendLinkEvidence(tx: EvidenceTx, link: LinkSubject, event: Omit<EvidenceEvent, "ideaId">): Promise<AppendedEntry[]> {
  if (link.ideaId !== null) return [await appendEvidence(tx, { ...event, ideaId: link.ideaId })];
  if (!link.roomId) return [];
  const items = await query<{ ideaId: number }>(tx, `SELECT "ideaId" FROM "RoomItem" WHERE "roomId" = $1 ORDER BY "ideaId"`, [link.roomId]);
  const appended: AppendedEntry[] = [];
  for (const { ideaId } of items) appended.push(await appendEvidence(tx, { ...event, ideaId }));
  return appended;
}

/** Erasure of a recipient's personal values in every log (their commitments stay; the chain stays valid). */
export async function erasePersonalEvidence(tx: Prisma.TransactionClient, recipientIds: string[]): Promise<number> {
  if (!recipientIds.length) return 0;
  const { count } = await tx.evidencePersonalData.deleteMany({ where: { recipientId: { in: recipientIds } } });
  return count;
}
