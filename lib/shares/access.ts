import "server-only";
import { isTokenShaped } from "@/lib/validation/ids";
import crypto from "node:crypto";
import { hotPathPool } from "@/lib/db";
import { NotFoundError } from "@/lib/api/errors";
import { sha256Hex } from "@/lib/crypto";
import { Prisma, type IdeaKind, type ShareType } from "@/lib/generated/prisma/client";
import type { ShareTypeValue } from "@/lib/validation/sharing";
import { viewLimitOf } from "@/lib/validation/sharing-limits";

/** The one answer for an unknown, expired, revoked or used-up link: nothing tells them apart. */
export const INVALID_LINK = "This link is invalid or has expired.";

/**
 * How long a recipient's view stays open: files, comments and (except on one-time links, which deliver the content
 * exactly once per recipient) reloads of the content, without consuming another view.
 */
export const VIEW_WINDOW_MS = 60 * 60 * 1000;

/** Who is calling, as the route handler saw it (client-ip.ts address, User-Agent). */
export type ClientInfo = { ip: string; userAgent: string | null };

/**
 * The recipient-session secrets this browser holds (the values of its iv_r_* cookies). Lib functions take them
 * as a parameter so they stay callable without a request; lib/recipients/cookies.ts reads them in handlers.
 */
export type RecipientSecrets = readonly string[];

/** 32 random bytes, base64url: 43 URL-safe characters, 256 bits. */
export function newAccessLink() {
  return crypto.randomBytes(32).toString("base64url");
}

export function newRecipientSecret() {
  return crypto.randomBytes(32).toString("base64url");
}

export function secretHash(secret: string) {
  return sha256Hex(secret);
}

/** Hashes of the well-formed secrets only (a cookie value is attacker-controlled). */
export function secretHashes(secrets: RecipientSecrets) {
  return secrets.filter((s) => /^[A-Za-z0-9_-]{43}$/.test(s)).slice(0, 50).map(secretHash);
}

/** Could be an access link (malformed ones never reach a query). */
export { isTokenShaped };

const TYPE_TO_API: Record<ShareType, ShareTypeValue> = {
  one_time: "one-time",
  time_dependent: "time-dependent",
  full_access: "full-access",
  email: "email",
};
const API_TO_TYPE: Record<ShareTypeValue, ShareType> = {
  "one-time": "one_time",
  "time-dependent": "time_dependent",
  "full-access": "full_access",
  email: "email",
};

export function shareTypeToApi(t: ShareType): ShareTypeValue {
  return TYPE_TO_API[t];
}
export function shareTypeFromApi(t: ShareTypeValue): ShareType {
  return API_TO_TYPE[t];
}

type LimitFields = { shareType: ShareType; maxViews: number | null };

/** The views the link allows in total (null = unlimited); one-time: maxViews recipients, default 1. */
export function viewLimit(s: LimitFields): number | null {
  return viewLimitOf(s.shareType === "one_time", s.maxViews);
}

type StateFields = LimitFields & { viewCount: number; revokedAt: Date | null; expiresAt: Date | null };

/** Revoked or past its expiry: denies every call, an open view window included. */
export function isDead(s: StateFields, now = new Date()) {
  return s.revokedAt !== null || (s.expiresAt !== null && s.expiresAt <= now);
}

export function isUsedUp(s: StateFields) {
  const limit = viewLimit(s);
  return limit !== null && s.viewCount >= limit;
}

export function inViewWindow(r: { viewWindowEndsAt: Date | null } | null, now = new Date()) {
  return !!r?.viewWindowEndsAt && r.viewWindowEndsAt > now;
}

/** The recipient fields the gate reads: its view window, and whether it declined the agreement. */
type GateFields = { viewWindowEndsAt: Date | null; declinedAt: Date | null };

/**
 * The link is usable by this recipient (or by a newcomer when null): not revoked, not expired, not declined by
 * this recipient, and not used up — unless the recipient is inside its own view window (files and comments of
 * what it was already given).
 */
export function isOpenFor(s: StateFields, r: GateFields | null, now = new Date()) {
  if (isDead(s, now) || r?.declinedAt) return false;
  return !isUsedUp(s) || inViewWindow(r, now);
}

export const shareWithIdea = {
  idea: { select: { id: true, title: true, ownerId: true, kind: true, pdfAssetId: true, contentCiphertext: true, owner: { select: { name: true, sharingBlockedDomains: true } } } },
} as const;


/**
 * A share with what a link lookup needs of its idea (not the content). The idea's title, kind and PDF are those of
 * the version the link shows (its pinned version, else the latest published: lib/shares/shown-version.ts), with
 * that version's number, the number of published versions and its publication time.
 */
type ShareSummary = Prisma.ShareGetPayload<{
  omit: { note: true }; include: { idea: { select: { id: true; title: true; ownerId: true; kind: true; pdfAssetId: true; owner: { select: { name: true; sharingBlockedDomains: true } } } } };
}> & { idea: { version: number | null; versionCount: number | null; versionPublishedAt: Date | null } };

type ShareRow = {
  id: string;
  ideaId: number;
  createdById: string;
  shareType: string;
  accessLink: string;
  expiresAt: number | null;
  maxViews: number | null;
  recipientEmail: string | null;
  viewCount: number;
  revokedAt: number | null;
  createdAt: number;
  title: string;
  ownerId: string;
  kind: IdeaKind;
  pdfAssetId: string | null;
  ownerName: string;
  allowDownload: boolean;
  screenShield: boolean;
  passcodeHash: string | null;
  name: string | null;
  allowedEmails: string[] | null;
  allowedDomains: string[] | null;
  blockedDomains: string[] | null;
  ownerBlockedDomains: string[] | null;
  agreementId: string | null;
  requireNda: boolean;
  pinnedVersion: number | null;
  version: number | null;
  versionCount: number | null;
  versionPublishedAt: number | null;
};

/** The share_type enum's database labels (raw queries read them as text). */
export const SHARE_TYPE_FROM_DB: Record<string, ShareType> = {
  "one-time": "one_time",
  "time-dependent": "time_dependent",
  "full-access": "full_access",
  email: "email",
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

/**
 * shareByToken plus, in the same statement, the rate-limit counter row `limitKey` (for the link lookup, whose
 * throughput budget leaves room for one round trip).
 */
export async function lookupShareToken(token: string, limitKey: string | null) {
  const epoch = (column: string) => `(EXTRACT(EPOCH FROM ${column}) * 1000)::float8`;
  const { rows } = await hotPathPool().query<Partial<ShareRow> & { limitCount: number | null; limitResetAt: number | null }>(
    `SELECT rl."count" AS "limitCount", ${epoch(`rl."resetAt"`)} AS "limitResetAt",
            s."id", s."ideaId", s."createdById", s."shareType"::text AS "shareType", s."accessLink",
            ${epoch(`s."expiresAt"`)} AS "expiresAt", s."maxViews", s."recipientEmail", s."viewCount",
            ${epoch(`s."revokedAt"`)} AS "revokedAt", ${epoch(`s."createdAt"`)} AS "createdAt",
            s."allowDownload", s."screenShield", s."passcodeHash", s."name",
            s."allowedEmails", s."allowedDomains", s."blockedDomains", u."sharingBlockedDomains" AS "ownerBlockedDomains",
            s."agreementId", s."requireNda",
            COALESCE(v."title", i."title") AS "title", i."ownerId", COALESCE(v."kind", i."kind")::text AS "kind",
            CASE WHEN v."id" IS NULL THEN i."pdfAssetId" ELSE v."pdfAssetId" END AS "pdfAssetId", u."name" AS "ownerName",
            s."pinnedVersion", COALESCE(v."version", i."version") AS "version", i."version" AS "versionCount",
            ${epoch(`CASE WHEN v."id" IS NOT NULL THEN v."publishedAt" WHEN i."version" IS NOT NULL THEN i."publishedAt" END`)} AS "versionPublishedAt"
     FROM (SELECT 1) AS one
     LEFT JOIN "RateLimit" rl ON rl."key" = $1
     -- The Idea row is the latest publication; only a link pinned to an older version reads that version's row.
     LEFT JOIN ("Share" s JOIN "Idea" i ON i."id" = s."ideaId" JOIN "User" u ON u."id" = i."ownerId"
                LEFT JOIN "IdeaVersion" v ON v."ideaId" = s."ideaId" AND v."status" = 'published'
                  AND v."version" = s."pinnedVersion" AND s."pinnedVersion" <> i."version")
       ON s."accessLink" = $2`,
    [limitKey, isTokenShaped(token) ? token : null],
  );
  const row = rows[0];
  const limitRow = row.limitCount === null || row.limitResetAt === null ? null : { count: row.limitCount, resetAt: new Date(row.limitResetAt) };
  return { share: row.id ? toShareSummary(row as ShareRow) : null, limitRow };
}

function toShareSummary(r: ShareRow): ShareSummary {
  return {
    id: r.id,
    ideaId: r.ideaId,
    createdById: r.createdById,
    shareType: SHARE_TYPE_FROM_DB[r.shareType],
    accessLink: r.accessLink,
    expiresAt: fromEpochMs(r.expiresAt),
    maxViews: r.maxViews,
    recipientEmail: r.recipientEmail,
    viewCount: r.viewCount,
    revokedAt: fromEpochMs(r.revokedAt),
    createdAt: new Date(r.createdAt),
    allowDownload: r.allowDownload,
    screenShield: r.screenShield,
    passcodeHash: r.passcodeHash,
    name: r.name,
    allowedEmails: r.allowedEmails ?? [],
    allowedDomains: r.allowedDomains ?? [],
    blockedDomains: r.blockedDomains ?? [],
    agreementId: r.agreementId,
    requireNda: r.requireNda,
    pinnedVersion: r.pinnedVersion,
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
