import "server-only";
import { db } from "@/lib/platform/db";
import { NotFoundError, presentOr404 } from "@/lib/platform/http/errors";
import { needsCode } from "@/lib/domain/gate";
import { watermarkText } from "@/lib/domain/files/watermark-text";
import { acceptanceMethodText } from "@/lib/domain/validation/nda-signature";
import type { Prisma, TimestampProof } from "@/lib/generated/prisma/client";
import { recipientsLogRefs, type LogRef } from "@/lib/domain/evidence-log/read";
import type { RoomAgreementItem } from "@/lib/domain/validation/agreement-text";

/**
 * A receipt per reader: one document that says who read, when, what (the exact version and its proofs), under which
 * agreement (the exact text's digest), how much, and which identity their copy carried. It is assembled from the
 * records the product wrote at each step, so it says nothing the evidence pack does not hold.
 */

export const RECEIPT_FORMAT = "ideavault-receipt-1";
export const RECIPIENT_NOT_FOUND = "Recipient not found";

export type ReceiptProof = {
  digest: string;
  opentimestamps: { state: string; bitcoinBlock: number | null; bitcoinTime: string | null };
};

export type ReceiptView = {
  viewId: string;
  /** A room link's view: the item it showed. */
  ideaId?: number;
  at: string;
  version: number | null;
  readingMs: number;
  pagesRead: number;
  pageCount: number | null;
  ip: string | null;
  userAgent: string | null;
  watermark: string;
  /** The log entry of this view. */
  log: ReceiptLogRef | null;
};

/** The evidence-log entry behind a line of the receipt, and the anchor whose root commits to it (null: not yet anchored). */
export type ReceiptLogRef = { seq: number; hash: string; anchor: { root: string; at: string } | null };

export type Receipt = {
  format: typeof RECEIPT_FORMAT;
  receiptFor: string;
  madeAt: string;
  /** The idea read; null on a room link's receipt, which names the room instead. */
  idea: { id: number; title: string } | null;
  /**
   * A room link's receipt: the room, and the ideas its agreement named with their SHA-256 (null: no agreement was
   * accepted on the link). Its versions, views and log lines each name their idea (ideaId).
   */
  room?: {
    id: string;
    name: string;
    items: RoomAgreementItem[] | null;
    /** In one idea's evidence pack: the receipt holds that idea's reading through the room only (views, versions, log). */
    onlyIdeaId?: number;
  };
  link: { id: string; name: string | null };
  who: { name: string; email: string; phone: string | null; addressProof: string };
  when: { identifiedAt: string; addressProvenAt: string | null; passcodeGivenAt: string | null; agreedAt: string | null; declinedAt: string | null };
  agreement: null | {
    id: string;
    title: string;
    version: string;
    textSha256: string;
    contentSha256: string;
    versionShown: number | null;
    acceptance: string;
    proof: ReceiptProof | null;
  };
  versionsRead: { ideaId?: number; version: number; sha256: string | null; proof: ReceiptProof | null }[];
  views: ReceiptView[];
  reading: { totalMs: number; pagesRead: number; pageCount: number | null; share: number | null };
  /** The log entries behind the 'when' lines (identified, address proven, passcode given, agreed, declined). */
  whenLog: Record<keyof Receipt["when"], ReceiptLogRef | null>;
  /** Every entry of the idea's log about this recipient, in order (views, reading reports, comments, downloads…). */
  log: (ReceiptLogRef & { type: string; at: string; ideaId?: number })[];
};

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function proofOf(p: Pick<TimestampProof, "digest" | "status" | "bitcoinHeight" | "bitcoinTime"> | null): ReceiptProof | null {
  if (!p) return null;
  return { digest: p.digest, opentimestamps: { state: p.status, bitcoinBlock: p.bitcoinHeight, bitcoinTime: iso(p.bitcoinTime) } };
}

/** What a receipt reads of its link: the owner's route loads it through the ownership rule (ownedShareOr404). */
export const receiptShareSelect = {
  id: true, name: true, shareType: true, allowedEmails: true, allowedDomains: true, requireVerifiedEmail: true, idea: { select: { id: true, title: true } },
  room: { select: { id: true, name: true, items: { select: { ideaId: true }, orderBy: { ideaId: "asc" } } } },
} as const;
export type ReceiptShare = Prisma.ShareGetPayload<{ select: typeof receiptShareSelect }>;

/** The reader's own receipt (they ask for it by e-mail): the link they read now, through the gate's rule. */
export async function readerReceipt(shareId: string, recipientId: string, now = new Date()): Promise<Receipt> {
  return recipientReceipt(await db.share.findUniqueOrThrow({ where: { id: shareId }, select: receiptShareSelect }), recipientId, now);
}

/** What a receipt reads of a recipient. */
const receiptRecipientSelect = {
  id: true, name: true, email: true, phone: true, createdAt: true, emailVerifiedAt: true, passcodeGivenAt: true, declinedAt: true,
  // The proof's state, not its bytes: the adapter hands bytea over slowly, and a receipt names the proof, it does not carry it.
  ndas: { include: { timestamp: { select: { digest: true, status: true, bitcoinHeight: true, bitcoinTime: true } } } },
  views: {
    orderBy: [{ viewedAt: "asc" }, { id: "asc" }],
    select: { id: true, ideaId: true, viewedAt: true, version: true, engagementMs: true, pageCount: true, ip: true, userAgent: true, engagement: { select: { n: true } } },
  },
} as const satisfies Prisma.RecipientSelect;
type ReceiptRecipient = Prisma.RecipientGetPayload<{ select: typeof receiptRecipientSelect }>;

const versionProofSelect = { ideaId: true, version: true, contentSha256: true, timestamp: { select: { digest: true, status: true, bitcoinHeight: true, bitcoinTime: true } } } as const;
type ReadVersion = Prisma.IdeaVersionGetPayload<{ select: typeof versionProofSelect }>;

/** The receipt of one recipient of `share`; a recipient of another link is a 404. */
export async function recipientReceipt(share: ReceiptShare, recipientId: string, now = new Date()): Promise<Receipt> {
  const [receipt] = await recipientReceipts(share, [recipientId], now);
  if (!receipt) throw new NotFoundError(RECIPIENT_NOT_FOUND);
  return receipt;
}

/**
 * The receipts of several recipients of `share` (an evidence pack's page of them), in the order asked; ids of
 * other links' recipients are left out. A constant number of statements for the page: the recipients with their
 * agreements and views, the versions they read, and each idea's log lines about them. `onlyIdeaId` (a room link's
 * receipts in that idea's pack) keeps that idea's reading alone, whether or not the room still holds it.
 */
export async function recipientReceipts(share: ReceiptShare, recipientIds: readonly string[], now = new Date(), onlyIdeaId?: number): Promise<Receipt[]> {
  // The ideas the link opens: its idea, or each item of its room (a room gone from the link: the link's 404).
  const room = share.idea ? null : presentOr404(share.room, RECIPIENT_NOT_FOUND);
  const only = room ? onlyIdeaId : undefined;
  const ideaIds = share.idea ? [share.idea.id] : only !== undefined ? [only] : (room?.items ?? []).map((i) => i.ideaId);
  const rows = await db.recipient.findMany({ where: { id: { in: [...recipientIds] }, shareId: share.id }, select: receiptRecipientSelect });
  const found = only === undefined ? rows : rows.map((r) => ({ ...r, views: r.views.filter((v) => v.ideaId === only) }));
  if (!found.length) return [];
  const ids = found.map((r) => r.id);
  const pairs = new Set(found.flatMap((r) => r.views.filter((v) => v.version !== null).map((v) => `${v.ideaId}:${v.version}`)));
  const read = [...pairs].map((k) => ({ ideaId: Number(k.split(":")[0]), version: Number(k.split(":")[1]) }));
  const [versions, logs] = await Promise.all([
    read.length ? db.ideaVersion.findMany({ where: { OR: read }, orderBy: [{ ideaId: "asc" }, { version: "asc" }], select: versionProofSelect }) : [],
    Promise.all(ideaIds.map(async (ideaId) => ({ ideaId, refs: await recipientsLogRefs(ideaId, ids) }))),
  ]);
  const byId = new Map(found.map((r) => [r.id, r]));
  return recipientIds.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const own = new Set(r.views.filter((v) => v.version !== null).map((v) => `${v.ideaId}:${v.version}`));
    const theirs = versions.filter((v) => own.has(`${v.ideaId}:${v.version}`));
    const theirLogs = logs.map(({ ideaId, refs }) => (refs.get(r.id) ?? []).map((e) => ({ ...e, ideaId })));
    return [assembleReceipt(share, room, r, theirs, theirLogs, now, only)];
  });
}

/** One receipt from what was read for it: its recipient, the versions they read, each idea's log lines about them. */
function assembleReceipt(
  share: ReceiptShare,
  room: NonNullable<ReceiptShare["room"]> | null,
  r: ReceiptRecipient,
  versions: ReadVersion[],
  logs: (LogRef & { ideaId: number })[][],
  now: Date,
  onlyIdeaId: number | undefined,
): Receipt {
  const nda = r.ndas[0] ?? null;
  // A room link's receipt reads every item's log, each line naming its idea; the 'when' lines are in each of them
  // alike, and are taken from the first.
  const refs = logs.flat();
  const firstLog = logs[0] ?? [];
  const ref = (e: LogRef | undefined): ReceiptLogRef | null => (e ? { seq: e.seq, hash: e.hash, anchor: e.anchor } : null);
  const first = (type: string) => ref(firstLog.find((e) => e.type === type));
  const viewRef = (viewId: string) => ref(refs.find((e) => e.type === "view" && e.data.viewId === viewId));

  const pages = new Set<number>();
  for (const v of r.views) for (const e of v.engagement) pages.add(e.n);
  const pageCount = r.views.reduce<number | null>((max, v) => (v.pageCount === null ? max : Math.max(max ?? 0, v.pageCount)), null);
  const totalMs = r.views.reduce((sum, v) => sum + v.engagementMs, 0);

  return {
    format: RECEIPT_FORMAT,
    receiptFor: r.id,
    madeAt: now.toISOString(),
    idea: share.idea,
    ...(room
      ? { room: { id: room.id, name: room.name, items: (nda?.roomItems ?? null) as RoomAgreementItem[] | null, ...(onlyIdeaId !== undefined ? { onlyIdeaId } : {}) } }
      : {}),
    link: { id: share.id, name: share.name },
    who: {
      name: r.name,
      email: r.email,
      phone: r.phone,
      addressProof: r.emailVerifiedAt
        ? `Confirmed with a one-time code sent to this address (${r.emailVerifiedAt.toISOString()})`
        : needsCode(share)
          ? "Not yet confirmed: the link asks for a one-time code sent to this address"
          : "Stated by the reader; this link did not ask for an e-mailed code",
    },
    when: {
      identifiedAt: r.createdAt.toISOString(),
      addressProvenAt: iso(r.emailVerifiedAt),
      passcodeGivenAt: iso(r.passcodeGivenAt),
      agreedAt: iso(nda?.acceptedAt),
      declinedAt: iso(r.declinedAt),
    },
    agreement: nda
      ? {
          id: nda.id,
          title: nda.agreementTitle ?? "Standard non-disclosure agreement",
          version: nda.agreementVersionNumber !== null ? String(nda.agreementVersionNumber) : nda.agreementVersion,
          textSha256: nda.agreementSha256,
          contentSha256: nda.contentSha256,
          versionShown: nda.version,
          acceptance: acceptanceMethodText(nda.signature),
          proof: proofOf(nda.timestamp),
        }
      : null,
    versionsRead: versions.map((v) => ({ ...(room ? { ideaId: v.ideaId } : {}), version: v.version, sha256: v.contentSha256, proof: proofOf(v.timestamp) })),
    views: r.views.map((v) => ({
      viewId: v.id,
      ...(room ? { ideaId: v.ideaId } : {}),
      at: v.viewedAt.toISOString(),
      version: v.version,
      readingMs: v.engagementMs,
      pagesRead: v.engagement.length,
      pageCount: v.pageCount,
      ip: v.ip,
      userAgent: v.userAgent,
      watermark: watermarkText({ name: r.name, email: r.email, accessedAt: v.viewedAt }),
      log: viewRef(v.id),
    })),
    reading: { totalMs, pagesRead: pages.size, pageCount, share: pageCount ? Math.min(1, pages.size / pageCount) : null },
    whenLog: {
      identifiedAt: first("recipient.identified"),
      addressProvenAt: first("address.proven"),
      passcodeGivenAt: first("passcode.given"),
      agreedAt: first("agreement.accepted"),
      declinedAt: first("agreement.declined"),
    },
    log: refs.map((e) => ({ ...(room ? { ideaId: e.ideaId } : {}), type: e.type, at: e.at, seq: e.seq, hash: e.hash, anchor: e.anchor })),
  };
}

export const receiptFileName = (recipientId: string, ext: "json" | "pdf") => `receipt-${recipientId}.${ext}`;
