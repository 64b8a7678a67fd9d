import "server-only";
import { HOT_PATH_POOL_SIZE, hotPathPool } from "@/lib/platform/db";
import { createQueryBatcher } from "@/lib/platform/server/query-batcher";
import { NotFoundError } from "@/lib/platform/http/errors";
import { Prisma, type IdeaKind } from "@/lib/generated/prisma/client";
import { isTokenShaped } from "@/lib/domain/validation/ids";
import { INVALID_LINK, isOpenFor } from "@/lib/domain/gate/link-state";
import { SHARE_TYPE_FROM_DB } from "@/lib/domain/gate/share-type";

/**
 * A share with what a link lookup needs of its idea (not the content). The idea's title, kind and PDF are those of
 * the version the link shows (its pinned version, else the latest published: lib/domain/gate/shown-version.ts), with
 * that version's number, the number of published versions and its publication time.
 */
type SharePayload = Prisma.ShareGetPayload<{
  omit: { note: true; passcodeWrongTries: true; passcodeTriesResetAt: true }; include: { idea: { select: { id: true; title: true; ownerId: true; kind: true; pdfAssetId: true; owner: { select: { name: true; sharingBlockedDomains: true } } } } };
}>;
/** An idea link's summary, or a room link's resolved to one of its items (lib/domain/rooms/recipient.ts). */
export type ShareSummary = Omit<SharePayload, "ideaId" | "idea"> & {
  createdBy: { sharingBlockedDomains: string[] };
  /**
   * How the link's recipients see its owner named: the brand's display name, else the account name (idea.owner.name,
   * the legal name that agreements, certificates and receipts keep).
   */
  senderName: string;
  ideaId: number;
  idea: NonNullable<SharePayload["idea"]> & { version: number | null; versionCount: number | null; versionPublishedAt: Date | null };
  /** A room link's item: the room it was opened through (what the owner's events name beside the idea). */
  viaRoom?: { id: string; name: string };
};

/**
 * A room link as the lookup finds it: the link's own fields (what the gate reads) and its room's name and owner; each
 * item is resolved to an idea link's summary on demand (lib/domain/rooms/recipient.ts roomItemLink).
 */
export type RoomLinkSummary = Omit<ShareSummary, "ideaId" | "idea" | "roomId"> & {
  ideaId: null;
  roomId: string;
  room: { id: string; name: string; note: string | null; ownerId: string; owner: { name: string } };
};

type ShareRow = {
  id: string;
  ideaId: number;
  roomId: string | null;
  roomName: string | null;
  roomNote: string | null;
  roomOwnerId: string | null;
  createdById: string;
  shareType: string;
  accessLink: string;
  expiresAt: number | null;
  maxViews: number | null;
  recipientEmail: string | null;
  recipientEmails: string[] | null;
  viewCount: number;
  revokedAt: number | null;
  createdAt: number;
  title: string;
  ownerId: string;
  kind: IdeaKind;
  pdfAssetId: string | null;
  ownerName: string;
  senderName: string;
  allowDownload: boolean;
  screenShield: boolean;
  passcodeHash: string | null;
  name: string | null;
  allowedEmails: string[] | null;
  allowedDomains: string[] | null;
  requireVerifiedEmail: boolean;
  blockedDomains: string[] | null;
  ownerBlockedDomains: string[] | null;
  agreementId: string | null;
  requireNda: boolean;
  pinnedVersion: number | null;
  version: number | null;
  versionCount: number | null;
  versionPublishedAt: number | null;
};

const fromEpochMs = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * The share behind a token, whatever its state (callers decide with isOpenFor); malformed tokens never query.
 * One SQL statement (share, idea, owner) instead of Prisma's three: every link lookup runs it, and the lookup's
 * throughput budget is half a no-op handler's. Times come back as epoch milliseconds (the columns hold UTC).
 */
export async function shareByToken(token: string): Promise<ShareSummary | null> {
  return (await lookupShareToken(token, null)).share;
}

const epoch = (column: string) => `(EXTRACT(EPOCH FROM ${column}) * 1000)::float8`;

/**
 * The lookup statement, built once. It runs as a named (prepared) statement: PostgreSQL parses and plans it once per
 * pooled connection instead of on every lookup, which was most of the database's work per request.
 * It answers a batch of (rate-limit key, token) pairs, one row each in their order (lookupBatcher below).
 */
const LOOKUP_SQL = `SELECT rl."count" AS "limitCount", ${epoch(`rl."resetAt"`)} AS "limitResetAt",
            s."id", s."ideaId", s."roomId", rm."name" AS "roomName", rm."note" AS "roomNote", rm."ownerId" AS "roomOwnerId", s."createdById", s."shareType"::text AS "shareType", s."accessLink",
            ${epoch(`s."expiresAt"`)} AS "expiresAt", s."maxViews", s."recipientEmail", s."recipientEmails", s."viewCount",
            ${epoch(`s."revokedAt"`)} AS "revokedAt", ${epoch(`s."createdAt"`)} AS "createdAt",
            s."allowDownload", s."screenShield", s."passcodeHash", s."name",
            s."allowedEmails", s."allowedDomains", s."blockedDomains", u."sharingBlockedDomains" AS "ownerBlockedDomains",
            s."agreementId", s."requireNda", s."requireVerifiedEmail",
            COALESCE(v."title", i."title") AS "title", i."ownerId", COALESCE(v."kind", i."kind")::text AS "kind",
            CASE WHEN v."id" IS NULL THEN i."pdfAssetId" ELSE v."pdfAssetId" END AS "pdfAssetId", u."name" AS "ownerName",
            COALESCE(u."brandName", u."name") AS "senderName",
            s."pinnedVersion", COALESCE(v."version", i."version") AS "version", i."version" AS "versionCount",
            ${epoch(`CASE WHEN v."id" IS NOT NULL THEN v."publishedAt" WHEN i."version" IS NOT NULL THEN i."publishedAt" END`)} AS "versionPublishedAt"
     FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS q("limitKey", "token", "n")
     LEFT JOIN "RateLimit" rl ON rl."key" = q."limitKey"
     -- The Idea row is the latest publication; only a link pinned to an older version reads that version's row. A room
     -- link has no idea (its room instead, not deleted); its creator is the owner either way.
     LEFT JOIN ("Share" s JOIN "User" u ON u."id" = s."createdById"
                LEFT JOIN "Idea" i ON i."id" = s."ideaId"
                LEFT JOIN "Room" rm ON rm."id" = s."roomId" AND rm."deletedAt" IS NULL
                LEFT JOIN "IdeaVersion" v ON v."ideaId" = s."ideaId" AND v."status" = 'published'
                  AND v."version" = s."pinnedVersion" AND s."pinnedVersion" <> i."version")
       ON s."accessLink" = q."token" AND (i."id" IS NOT NULL OR rm."id" IS NOT NULL)
     ORDER BY q."n"`;

type LookupRow = Partial<ShareRow> & { limitCount: number | null; limitResetAt: number | null };
type LookupKey = { limitKey: string | null; token: string | null };

/**
 * Lookups that arrive while every connection is busy wait for the next free one together, and one statement answers
 * them all (the same pair asked twice is sent once): under a burst of opens, the database and the pool see one
 * statement per batch, not one per request. Each answer is as fresh as a statement of its own (lib/platform/server/query-batcher).
 */
const lookupBatcher = createQueryBatcher<LookupKey, LookupRow>(
  async (keys) => {
    const distinct = new Map<string, number>();
    const limitKeys: (string | null)[] = [];
    const tokens: (string | null)[] = [];
    const slotOf = keys.map(({ limitKey, token }) => {
      const id = JSON.stringify([limitKey, token]);
      let slot = distinct.get(id);
      if (slot === undefined) {
        slot = limitKeys.length;
        distinct.set(id, slot);
        limitKeys.push(limitKey);
        tokens.push(token);
      }
      return slot;
    });
    const { rows } = await hotPathPool().query<LookupRow>({ name: "share-token-lookup", text: LOOKUP_SQL, values: [limitKeys, tokens] });
    return slotOf.map((slot) => rows[slot]);
  },
  { concurrency: HOT_PATH_POOL_SIZE, maxBatch: 200 },
);

/**
 * shareByToken plus, in the same statement, the rate-limit counter row `limitKey` (for the link lookup, whose
 * throughput budget leaves room for one round trip).
 */
export async function lookupShareToken(token: string, limitKey: string | null) {
  const row = await lookupBatcher({ limitKey, token: isTokenShaped(token) ? token : null });
  const limitRow = row.limitCount === null || row.limitResetAt === null ? null : { count: row.limitCount, resetAt: new Date(row.limitResetAt) };
  const found = row.id ? (row as ShareRow) : null;
  return {
    /** An idea link (a room link's token answers null here: idea-only callers see no link). */
    share: found && found.roomId === null ? toShareSummary(found) : null,
    /** A room link. */
    roomLink: found && found.roomId !== null ? toRoomLinkSummary(found) : null,
    limitRow,
  };
}

/** The link behind a token, idea or room link alike, whatever its state; null for none. */
export async function linkByToken(token: string): Promise<ShareSummary | RoomLinkSummary | null> {
  const { share, roomLink } = await lookupShareToken(token, null);
  return share ?? roomLink;
}

function toRoomLinkSummary(r: ShareRow): RoomLinkSummary {
  const { idea: _idea, ...link } = toShareSummary(r);
  return {
    ...link,
    ideaId: null,
    roomId: r.roomId as string,
    room: { id: r.roomId as string, name: r.roomName ?? "", note: r.roomNote, ownerId: r.roomOwnerId ?? r.createdById, owner: { name: r.ownerName } },
  };
}

function toShareSummary(r: ShareRow): ShareSummary {
  return {
    id: r.id,
    ideaId: r.ideaId,
    roomId: null,
    createdById: r.createdById,
    shareType: SHARE_TYPE_FROM_DB[r.shareType],
    accessLink: r.accessLink,
    expiresAt: fromEpochMs(r.expiresAt),
    maxViews: r.maxViews,
    recipientEmail: r.recipientEmail,
    recipientEmails: r.recipientEmails ?? [],
    viewCount: r.viewCount,
    revokedAt: fromEpochMs(r.revokedAt),
    createdAt: new Date(r.createdAt),
    allowDownload: r.allowDownload,
    screenShield: r.screenShield,
    passcodeHash: r.passcodeHash,
    name: r.name,
    allowedEmails: r.allowedEmails ?? [],
    allowedDomains: r.allowedDomains ?? [],
    requireVerifiedEmail: r.requireVerifiedEmail,
    blockedDomains: r.blockedDomains ?? [],
    agreementId: r.agreementId,
    requireNda: r.requireNda,
    pinnedVersion: r.pinnedVersion,
    createdBy: { sharingBlockedDomains: r.ownerBlockedDomains ?? [] },
    senderName: r.senderName,
    idea: {
      id: r.ideaId,
      title: r.title,
      ownerId: r.ownerId,
      kind: r.kind,
      pdfAssetId: r.pdfAssetId,
      owner: { name: r.ownerName, sharingBlockedDomains: r.ownerBlockedDomains ?? [] },
      version: r.version,
      versionCount: r.versionCount,
      versionPublishedAt: fromEpochMs(r.versionPublishedAt),
    },
  };
}

/** A share by token that is not revoked, expired or used up (for a newcomer); 404 otherwise. */
export async function findLiveShare(token: string) {
  const share = await shareByToken(token);
  if (!share || !isOpenFor(share, null)) throw new NotFoundError(INVALID_LINK);
  return share;
}

/** findLiveShare for a link to an idea or to a room (identification is the same for both). */
export async function findLiveLink(token: string) {
  const link = await linkByToken(token);
  if (!link || !isOpenFor(link, null)) throw new NotFoundError(INVALID_LINK);
  return link;
}
