import "server-only";
import { readmission, type ReadmitShare } from "@/lib/domain/shares/readmit";
import { ownedIdeaOr404 } from "@/lib/domain/ideas/owned";
import { db } from "@/lib/platform/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { ownedShareOr404 } from "@/lib/domain/shares/owned";
import { describeDevice } from "@/lib/platform/http/device";
import { acceptanceMethodText } from "@/lib/domain/validation/nda-signature";

/** Milliseconds spent on page (PDF) or section (HTML) n of the view, from 1. */
export type PageTime = { n: number; ms: number };
/**
 * What the reader reported for a view (lib/domain/engagement): the total, the pages with time, and the N those pages are out
 * of (the document's pages or sections when the view first reported; null until it did). Each figure is already
 * clipped against the person's wall-clock time across all their views of the idea, so a recipient's views (visits
 * merged by address below) add up to no more than the time they spent viewing plus a few seconds.
 */
export type ViewEngagement = { totalMs: number; pages: PageTime[]; pageCount: number | null };
/** `version`: the version the view showed (analytics per version); null before versions and for drafts. */
export type RecipientView = { viewedAt: Date; ip: string | null; device: string; engagement: ViewEngagement; version: number | null };
export type RecipientNda = {
  id: string;
  acceptedAt: Date;
  agreementSha256: string;
  contentSha256: string;
  /** The owner's own agreement accepted (its title and version then); null: the standard agreement. */
  agreement: { title: string; version: number } | null;
  /** How it was accepted: 'Signed electronically by typing their name: …' or 'Accepted by clicking I Agree'. */
  acceptedBy: string;
};
export type ShareRecipient = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  emailVerified: boolean;
  nda: RecipientNda | null;
  /** When the recipient declined the agreement (its record kept as evidence); null otherwise. */
  declinedAt: Date | null;
  views: RecipientView[];
  /** How many times this address identified on the link (one recipient, several visits). */
  visits: number;
  /** 'Let back in': possible (only the link's limit keeps them out), granted (not used yet), or null. */
  readmission: "possible" | "granted" | null;
};

type ViewTuple = [viewedAt: string, ip: string | null, userAgent: string | null, engagementMs: number, pageCount: number | null, pages: PageTime[] | null, version: number | null];

type Row = {
  id: string;
  shareId: string;
  name: string;
  email: string;
  phone: string | null;
  emailVerified: boolean;
  declinedAt: Date | null;
  viewStartedAt: Date | null;
  viewWindowEndsAt: Date | null;
  readmittedAt: Date | null;
  ndaId: string | null;
  acceptedAt: Date | null;
  agreementSha256: string | null;
  contentSha256: string | null;
  agreementTitle: string | null;
  agreementVersionNumber: number | null;
  signature: string | null;
  /** JSON text: [[viewedAt ISO, ip, userAgent, engagementMs, pageCount, [{n, ms}, ...] | null], ...], newest first; null without views. */
  views: string | null;
};

/** The link fields a recipient's entry reads ('Let back in' depends on the link's state). */
export const LINK_FIELDS = { id: true, roomId: true, shareType: true, maxViews: true, viewCount: true, revokedAt: true, expiresAt: true } as const;
type Link = ReadmitShare & { id: string };

/**
 * GET /api/shares/{id}/recipients: who identified on one of the owner's links, whether they confirmed their address
 * and accepted the agreement, and every view, newest first, with its reading time per page. Another creator's share or an unknown id is a 404.
 * Two statements whatever the number of recipients and views (the budgets: 500 recipients, 5,000 views in under
 * 300 ms; 500 recipients who each read 120 pages, likewise): PostgreSQL folds each recipient's views, and each view's
 * pages, into one JSON text, which costs far less than one row per view
 * through the client; each distinct user agent is described once (lib/platform/http/device.ts caches).
 */
export async function listShareRecipients(ownerId: string, shareId: string): Promise<ShareRecipient[]> {
  const share = await ownedShareOr404(ownerId, shareId, { select: LINK_FIELDS });
  return (await recipientsOfLinks([share])).get(share.id) ?? [];
}

/** Every link of an idea that is not revoked, by id: its recipients as GET /api/shares/{id}/recipients answers them. */
export type IdeaRecipients = Record<string, ShareRecipient[]>;

/**
 * GET /api/ideas/{id}/recipients: the recipients of each of the idea's links that is not revoked (the lists that still
 * change), keyed by link id; a link without recipients has an empty list. What the share screen watches while it is
 * open: one request for all links (a revoked link's list is final, fetched once with GET /api/shares/{id}/recipients).
 * Two statements whatever the number of links; another creator's idea or an unknown id is a 404.
 */
export async function listIdeaRecipients(ownerId: string, ideaId: number): Promise<IdeaRecipients> {
  const { shares } = await ownedIdeaOr404(ownerId, ideaId, { select: { shares: { where: { revokedAt: null }, select: LINK_FIELDS } } });
  return recipientsByLinkId(shares);
}

/** The recipients of `links` (read with LINK_FIELDS) keyed by link id; a link without recipients has an empty list. */
export async function recipientsByLinkId(links: Link[]): Promise<IdeaRecipients> {
  const byLink = await recipientsOfLinks(links);
  return Object.fromEntries(links.map((s) => [s.id, byLink.get(s.id) ?? []]));
}

/** The recipients of the given links in one statement, each link's newest first and merged by address. */
async function recipientsOfLinks(links: Link[]): Promise<Map<string, ShareRecipient[]>> {
  if (links.length === 0) return new Map();
  const now = new Date();
  const rows = await db.$queryRaw<Row[]>`
    SELECT r."id", r."shareId", r."name", r."email", r."phone", (r."emailVerifiedAt" IS NOT NULL) AS "emailVerified", r."declinedAt",
           r."viewStartedAt", r."viewWindowEndsAt", r."readmittedAt",
           n."id" AS "ndaId", n."acceptedAt", n."agreementSha256", n."contentSha256",
           n."agreementTitle", n."agreementVersionNumber", n."signature",
           (SELECT json_agg(json_build_array(to_char(v."viewedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), v."ip", v."userAgent",
                                             v."engagementMs", v."pageCount",
                                             (SELECT json_agg(json_build_object('n', e."n", 'ms', e."ms") ORDER BY e."n")
                                                FROM "ViewEngagement" e WHERE e."viewId" = v."id"), v."version")
                            ORDER BY v."viewedAt" DESC, v."id" DESC)::text
              FROM "ViewEvent" v WHERE v."recipientId" = r."id") AS "views"
    FROM "Recipient" r
    LEFT JOIN "NdaAcceptance" n ON n."recipientId" = r."id"
    WHERE r."shareId" IN (${Prisma.join(links.map((l) => l.id))})
    ORDER BY r."createdAt" DESC, r."id" DESC`;
  const linkById = new Map(links.map((l) => [l.id, l]));
  const byLink = new Map<string, ShareRecipient[]>();
  for (const r of rows) {
    const list = byLink.get(r.shareId) ?? [];
    list.push(toRecipient(r, linkById.get(r.shareId)!, now));
    byLink.set(r.shareId, list);
  }
  return new Map([...byLink].map(([id, list]) => [id, mergeByAddress(list)]));
}

function toRecipient(r: Row, share: Link, now: Date): ShareRecipient {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    emailVerified: r.emailVerified,
    declinedAt: r.declinedAt,
    nda: r.ndaId
      ? {
          id: r.ndaId,
          acceptedAt: r.acceptedAt!,
          agreementSha256: r.agreementSha256!,
          contentSha256: r.contentSha256!,
          agreement: r.agreementTitle && r.agreementVersionNumber ? { title: r.agreementTitle, version: r.agreementVersionNumber } : null,
          acceptedBy: acceptanceMethodText(r.signature),
        }
      : null,
    views: r.views
      ? (JSON.parse(r.views) as ViewTuple[]).map(([at, ip, ua, totalMs, pageCount, pages, version]) => ({
          viewedAt: new Date(at),
          ip,
          device: describeDevice(ua),
          engagement: { totalMs, pages: pages ?? [], pageCount },
          version,
        }))
      : [],
    visits: 1,
    readmission: readmission(share, r, now),
  };
}

/**
 * The same address identifying twice on one link is one recipient with several visits. Each visit
 * stays its own record underneath (its own browser session, evidence and agreement); the owner sees them as one:
 * the newest visit's identity, verified or agreed if any visit was, declined only if every visit declined, every
 * view newest first. `recipients` come newest first (and stay in that order by their newest visit).
 */
function mergeByAddress(recipients: ShareRecipient[]): ShareRecipient[] {
  const byEmail = new Map<string, ShareRecipient>();
  for (const r of recipients) {
    const key = r.email.toLowerCase();
    const seen = byEmail.get(key);
    if (!seen) {
      byEmail.set(key, { ...r });
      continue;
    }
    seen.visits += 1;
    seen.emailVerified ||= r.emailVerified;
    seen.nda ??= r.nda;
    seen.declinedAt = seen.declinedAt && r.declinedAt ? seen.declinedAt : null;
    seen.views = [...seen.views, ...r.views].sort((a, b) => b.viewedAt.getTime() - a.viewedAt.getTime());
  }
  return [...byEmail.values()];
}
