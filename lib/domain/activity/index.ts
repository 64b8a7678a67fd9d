import "server-only";
import { listInWords } from "@/lib/platform/format/list-in-words";
import { db } from "@/lib/platform/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { IDEA_NOT_FOUND, ownedIdeaOr404 } from "@/lib/domain/ideas/owned";
import { NotFoundError } from "@/lib/platform/http/errors";
import { toCsv } from "@/lib/domain/activity/csv";
import { activitySummary, type ActivityRecipientSummary, type ActivitySummary } from "@/lib/domain/activity/summary";
import { scopeWhere, type ActivityScope } from "@/lib/domain/activity/scope";
import { describeDevice } from "@/lib/platform/http/device";
import { shareTypeToApi } from "@/lib/domain/gate/share-type";
import { viewLimit } from "@/lib/domain/gate/link-state";
import { ideaIdSchema } from "@/lib/domain/validation/ideas";
import { SHARE_TYPE_LABELS, type ShareTypeValue } from "@/lib/domain/validation/sharing";
import type { ShareType } from "@/lib/generated/prisma/client";

export const ACTIVITY_TYPES = [
  "link_created",
  "link_changed",
  "recipient_identified",
  "code_verified",
  "nda_declined",
  "nda_accepted",
  "viewed",
  "commented",
  "replied",
  "link_revoked",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ACTIVITY_LABELS: Record<ActivityType, string> = {
  link_created: "Link created",
  link_changed: "Link changed",
  recipient_identified: "Recipient identified",
  code_verified: "Code verified",
  nda_declined: "NDA declined",
  nda_accepted: "NDA accepted",
  viewed: "Viewed",
  commented: "Commented",
  replied: "Replied",
  link_revoked: "Link revoked",
};

export type ActivityLink = { id: string; type: ShareTypeValue; label: string; createdAt: Date };
export type ActivityEvent = {
  /** Stable per event: its type and the id of the record it comes from. */
  id: string;
  type: ActivityType;
  label: string;
  at: Date;
  link: ActivityLink | null;
  /** Who did it: the recipient, or the owner for links and replies. */
  actor: string | null;
  recipient: { id: string; name: string; email: string } | null;
  ip: string | null;
  device: string | null;
  /** The comment or reply text, the agreement's SHA-256, the link's limits; a room's view: the idea it showed. */
  detail: string | null;
  /**
   * `detail` without its digests, for the screen (digests are tucked under 'Evidence'); the digests
   * themselves are in `evidence`. `detail` stays the whole text (the CSV and older clients read it).
   */
  note: string | null;
  /** Digests that prove the event (today: the agreement's SHA-256), each with what it is a digest of. */
  evidence: { label: string; value: string }[];
  /** A view's reading time as the reader reported it (lib/domain/engagement); null for every other event. */
  readingMs: number | null;
  /** The version a view showed or an agreement covered (analytics per version); null otherwise or before versions. */
  version: number | null;
  /**
   * The evidence-log entry recording the event (lib/domain/evidence-log): its seq and hash; null for events before the
   * log, and for a room's events other than views (each is in several ideas' logs: lib/domain/activity/scope.ts).
   */
  log: { seq: number; hash: string } | null;
};
/**
 * `summary` and `people` cover the whole history whatever the page (the timeline opens with them and
 * groups events per recipient, each group with that recipient's own figures).
 */
export type ActivityPage = { events: ActivityEvent[]; nextOffset: number | null; summary: ActivitySummary; people: ActivityRecipientSummary[] };
export type { ActivityRecipientSummary, ActivityScope, ActivitySummary };

export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_PAGE_MAX = 200;
const OFFSET_MAX = 1_000_000;

/** At the same instant the later step of a recipient's journey comes first (the list is newest first). */
const RANK: Record<ActivityType, number> = Object.fromEntries(ACTIVITY_TYPES.map((t, i) => [t, i])) as Record<ActivityType, number>;

function linkLabel(s: { shareType: ShareType; recipientEmails: string[]; name: string | null }) {
  const type = shareTypeToApi(s.shareType);
  const label = s.recipientEmails.length ? `${SHARE_TYPE_LABELS[type]} (e-mail to ${listInWords(s.recipientEmails)})` : SHARE_TYPE_LABELS[type];
  return s.name ? `${s.name} · ${label}` : label;
}

function linkLimits(s: { expiresAt: Date | null; maxViews: number | null; shareType: ShareType; requireNda?: boolean }) {
  const parts = [];
  // A link that asks for no agreement says so where it was created.
  if (s.requireNda === false) parts.push("no NDA");
  const limit = viewLimit(s);
  if (s.shareType === "one_time") parts.push(`one view each, at most ${limit} ${limit === 1 ? "recipient" : "recipients"}`);
  else if (limit !== null) parts.push(`at most ${limit} views`);
  if (s.expiresAt) parts.push(`expires ${s.expiresAt.toISOString()}`);
  return parts.length ? parts.join(", ") : null;
}

/** Which timeline event each logged entry records: the activity type and the id of the record it comes from. */
const LOGGED: Record<string, { type: ActivityType; source: string }> = {
  "link.created": { type: "link_created", source: "shareId" },
  "link.changed": { type: "link_changed", source: "changeId" },
  // 'Let back in' is a change of the link on the timeline.
  "recipient.readmitted": { type: "link_changed", source: "changeId" },
  "link.revoked": { type: "link_revoked", source: "shareId" },
  "recipient.identified": { type: "recipient_identified", source: "recipientId" },
  "address.proven": { type: "code_verified", source: "recipientId" },
  "agreement.declined": { type: "nda_declined", source: "recipientId" },
  "agreement.accepted": { type: "nda_accepted", source: "ndaId" },
  view: { type: "viewed", source: "viewId" },
  comment: { type: "commented", source: "commentId" },
  reply: { type: "replied", source: "commentId" },
};

/** The log entries behind the timeline's events, by event id (`type:source`, as ActivityEvent.id). */
async function loggedEvents(logSql: Prisma.Sql): Promise<Map<string, { seq: number; hash: string }>> {
  const entries = await db.$queryRaw<{ seq: number; type: string; data: string; hash: string }[]>`
    SELECT e."seq", e."type", e."data", e."hash" FROM "EvidenceEntry" e
    WHERE ${logSql} AND e."type" IN (${Prisma.join(Object.keys(LOGGED))})
    ORDER BY e."ideaId", e."seq"`;
  const byEvent = new Map<string, { seq: number; hash: string }>();
  for (const e of entries) {
    const logged = LOGGED[e.type];
    const source = (JSON.parse(e.data) as Record<string, unknown>)[logged.source];
    // The first entry of an event is its record (a link revoked twice is logged once; keep the earliest anyway).
    const id = `${logged.type}:${String(source)}`;
    if (typeof source === "string" && !byEvent.has(id)) byEvent.set(id, { seq: e.seq, hash: e.hash });
  }
  return byEvent;
}

/**
 * A timeline its caller may show: the scope, checked to be the caller's (ownedIdeaOr404, ownedRoomOr404); the owner's
 * name, who made its links; and the start of its CSV's file name (`idea-7`, `room-…`).
 */
export type OwnedActivity = { scope: ActivityScope; ownerName: string; fileStem: string };

async function ownedIdea(ownerId: string, rawId: unknown): Promise<OwnedActivity> {
  const parsed = ideaIdSchema.safeParse(rawId);
  if (!parsed.success) throw new NotFoundError(IDEA_NOT_FOUND);
  const idea = await ownedIdeaOr404(ownerId, parsed.data, { select: { id: true, owner: { select: { name: true } } } });
  return { scope: { ideaId: idea.id }, ownerName: idea.owner.name, fileStem: `idea-${idea.id}` };
}

type ViewTuple = [id: string, shareId: string, recipientId: string | null, viewedAt: string, ip: string | null, userAgent: string | null, engagementMs: number, version: number | null, ideaId: number];

/**
 * The scope's views, newest first (all of them without `take`). Views are the one table counted in thousands:
 * PostgreSQL folds them into one JSON text, far cheaper than one row per view through the client.
 */
async function newestViews(viewsSql: Prisma.Sql, take?: number): Promise<ViewTuple[]> {
  const [row] = await db.$queryRaw<{ views: string | null }[]>`
    SELECT json_agg(json_build_array(v."id", v."shareId", v."recipientId", to_char(v."viewedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), v."ip", v."userAgent", v."engagementMs", v."version", v."ideaId")
                    ORDER BY v."viewedAt" DESC, v."id" DESC)::text AS "views"
    FROM (SELECT * FROM "ViewEvent" WHERE ${viewsSql} ORDER BY "viewedAt" DESC, "id" DESC LIMIT ${take ?? null}::int) v`;
  return row?.views ? (JSON.parse(row.views) as ViewTuple[]) : [];
}

/** The titles of the ideas a scope's views name (a room's), by id; none for an idea's own views. */
async function viewedTitles(where: Prisma.IdeaWhereInput | null): Promise<Map<number, string>> {
  if (!where) return new Map();
  return new Map((await db.idea.findMany({ where, select: { id: true, title: true } })).map((i) => [i.id, i.title]));
}

/**
 * Every event of a scope (an idea, or a room's links), derived from the records themselves (links, recipients,
 * acceptances, views, comments), newest first. `take` bounds the tables that grow without limit (views, comments,
 * link changes): the newest `take` events overall are always among the newest `take` of each table. Seven queries
 * whatever the volume (eight for a room: the titles of the ideas its views showed).
 */
async function collect({ scope, ownerName }: OwnedActivity, take?: number): Promise<ActivityEvent[]> {
  const where = scopeWhere(scope);
  const [shares, recipients, ndas, views, comments, changes, logged, titles] = await Promise.all([
    db.share.findMany({ where: where.links, select: { id: true, shareType: true, recipientEmails: true, createdAt: true, revokedAt: true, expiresAt: true, maxViews: true, name: true, requireNda: true } }),
    db.recipient.findMany({
      where: { share: where.links },
      select: { id: true, shareId: true, name: true, email: true, createdAt: true, emailVerifiedAt: true, declinedAt: true, ip: true, userAgent: true },
    }),
    db.ndaAcceptance.findMany({
      where: where.links,
      select: { id: true, recipientId: true, shareId: true, acceptedAt: true, agreementSha256: true, agreementTitle: true, agreementVersionNumber: true, ip: true, userAgent: true, version: true },
    }),
    newestViews(where.viewsSql, take),
    db.comment.findMany({
      where: where.comments,
      select: { id: true, recipientId: true, author: true, content: true, createdAt: true, authorRole: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take,
    }),
    db.shareChange.findMany({ where: where.changes, select: { id: true, shareId: true, changedAt: true, summary: true }, orderBy: [{ changedAt: "desc" }, { id: "desc" }], take }),
    loggedEvents(where.logSql),
    viewedTitles(where.viewedIdeas),
  ]);
  const links = new Map<string, ActivityLink>(
    shares.map((s) => [s.id, { id: s.id, type: shareTypeToApi(s.shareType), label: linkLabel(s), createdAt: s.createdAt }]),
  );
  const people = new Map(recipients.map((r) => [r.id, { id: r.id, name: r.name, email: r.email, shareId: r.shareId }]));
  const who = (recipientId: string | null) => {
    const p = recipientId ? people.get(recipientId) : undefined;
    return p ? { id: p.id, name: p.name, email: p.email } : null;
  };
  const event = (
    e: Omit<ActivityEvent, "label" | "id" | "readingMs" | "version" | "note" | "evidence" | "log"> & {
      source: string;
      readingMs?: number;
      version?: number | null;
      evidence?: ActivityEvent["evidence"];
    },
  ): ActivityEvent => {
    const { source, readingMs, version, evidence = [], ...rest } = e;
    // The whole detail is the note followed by each digest, as the CSV has always written it.
    const detail = [rest.detail, ...evidence.map((d) => `${d.label} ${d.value}`)].filter(Boolean).join(" · ") || null;
    const id = `${e.type}:${source}`;
    return { id, label: ACTIVITY_LABELS[e.type], ...rest, detail, note: rest.detail, evidence, readingMs: readingMs ?? null, version: version ?? null, log: logged.get(id) ?? null };
  };
  const owner = ownerName;
  const events: ActivityEvent[] = [];

  for (const s of shares) {
    const link = links.get(s.id)!;
    const base = { link, actor: owner, recipient: null, ip: null, device: null, source: s.id };
    events.push(event({ ...base, type: "link_created", at: s.createdAt, detail: linkLimits(s) }));
    if (s.revokedAt) events.push(event({ ...base, type: "link_revoked", at: s.revokedAt, detail: null }));
  }
  for (const c of changes) {
    const link = links.get(c.shareId) ?? null;
    events.push(event({ type: "link_changed", at: c.changedAt, link, actor: owner, recipient: null, ip: null, device: null, detail: c.summary, source: c.id }));
  }
  for (const r of recipients) {
    const base = { link: links.get(r.shareId) ?? null, actor: r.name, recipient: who(r.id), source: r.id };
    events.push(event({ ...base, type: "recipient_identified", at: r.createdAt, ip: r.ip, device: describeDevice(r.userAgent), detail: r.email }));
    if (r.emailVerifiedAt) events.push(event({ ...base, type: "code_verified", at: r.emailVerifiedAt, ip: null, device: null, detail: r.email }));
    if (r.declinedAt) events.push(event({ ...base, type: "nda_declined", at: r.declinedAt, ip: null, device: null, detail: null }));
  }
  for (const n of ndas) {
    const recipient = who(n.recipientId);
    events.push(
      event({
        type: "nda_accepted",
        at: n.acceptedAt,
        link: links.get(n.shareId) ?? null,
        actor: recipient?.name ?? null,
        recipient,
        ip: n.ip,
        device: describeDevice(n.userAgent),
        // The owner's own agreement by name and version; the standard one as before.
        detail: n.agreementTitle && n.agreementVersionNumber ? `'${n.agreementTitle}' version ${n.agreementVersionNumber}` : null,
        evidence: [{ label: "Agreement SHA-256", value: n.agreementSha256 }],
        source: n.id,
        version: n.version,
      }),
    );
  }
  for (const [id, shareId, recipientId, viewedAt, ip, userAgent, readingMs, version, ideaId] of views) {
    const recipient = who(recipientId);
    const link = links.get(shareId) ?? null;
    // A room's view names the idea it showed; an idea's views are all of that idea.
    const detail = titles.get(ideaId) ?? null;
    events.push(
      event({ type: "viewed", at: new Date(viewedAt), link, actor: recipient?.name ?? null, recipient, ip, device: describeDevice(userAgent), detail, source: id, readingMs, version }),
    );
  }
  for (const c of comments) {
    const recipient = who(c.recipientId);
    const link = recipient ? (links.get(people.get(recipient.id)!.shareId) ?? null) : null;
    const reply = c.authorRole === "owner";
    events.push(
      event({ type: reply ? "replied" : "commented", at: c.createdAt, link, actor: c.author, recipient, ip: null, device: null, detail: c.content, source: c.id }),
    );
  }
  return events.sort((a, b) => b.at.getTime() - a.at.getTime() || RANK[b.type] - RANK[a.type] || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

export type ActivityPageRequest = { offset?: number; limit?: number };

/** One page of a timeline its caller owns, with the figures of its whole history. */
export async function activityPage(owned: OwnedActivity, page: ActivityPageRequest = {}): Promise<ActivityPage> {
  const offset = Math.min(Math.max(0, Math.floor(page.offset ?? 0)), OFFSET_MAX);
  const limit = Math.min(Math.max(1, Math.floor(page.limit ?? ACTIVITY_PAGE_DEFAULT)), ACTIVITY_PAGE_MAX);
  const [events, { summary, people }] = await Promise.all([collect(owned, offset + limit + 1), activitySummary(owned.scope)]);
  return { events: events.slice(offset, offset + limit), nextOffset: events.length > offset + limit ? offset + limit : null, summary, people };
}

/** GET /api/ideas/{id}/activity: one page of the timeline (owner only; another creator's idea is a 404). */
export async function listActivity(ownerId: string, ideaId: unknown, page: ActivityPageRequest = {}): Promise<ActivityPage> {
  return activityPage(await ownedIdea(ownerId, ideaId), page);
}

export const ACTIVITY_CSV_HEADER = [
  "Time (UTC)", "Event", "Link", "Link ID", "Who", "Recipient e-mail", "IP", "Device", "Details", "Reading time (s)", "Log entry", "Log hash",
] as const;

/** How the timeline and the CSV show an entry's hash: its first 8 hex digits (the log itself has the whole). */
export const logHashPrefix = (hash: string) => hash.slice(0, 8);

/** Seconds with one decimal, as a spreadsheet reads numbers; empty for events that are not views. */
function readingSeconds(ms: number | null) {
  return ms === null ? null : Math.round(ms / 100) / 10;
}

/** A whole timeline its caller owns as CSV, newest first, named `{fileStem}-activity-{YYYY-MM-DD}.csv`. */
export async function activityCsvOf(owned: OwnedActivity): Promise<{ fileName: string; csv: string }> {
  const events = await collect(owned);
  const rows = events.map((e) => [
    e.at, e.label, e.link?.label, e.link?.id, e.actor, e.recipient?.email, e.ip, e.device, e.detail, readingSeconds(e.readingMs),
    e.log?.seq, e.log ? logHashPrefix(e.log.hash) : null,
  ]);
  const day = new Date().toISOString().slice(0, 10);
  return { fileName: `${owned.fileStem}-activity-${day}.csv`, csv: toCsv([ACTIVITY_CSV_HEADER, ...rows]) };
}

/** GET /api/ideas/{id}/activity.csv: the idea's whole timeline, newest first. */
export async function activityCsv(ownerId: string, ideaId: unknown): Promise<{ fileName: string; csv: string }> {
  return activityCsvOf(await ownedIdea(ownerId, ideaId));
}
