import "server-only";
import { db } from "@/lib/platform/db";
import { NotFoundError } from "@/lib/platform/http/errors";
import { Prisma, type Recipient, type ShareType } from "@/lib/generated/prisma/client";
import { INVALID_LINK, isDead, isOpenFor } from "@/lib/domain/gate/link-state";
import { secretHashes, type RecipientSecrets } from "@/lib/domain/gate/secrets";
import { shareByToken, type RoomLinkSummary, type ShareSummary } from "@/lib/domain/gate/lookup";
import { addressAdmitted, hasAllowList } from "@/lib/domain/gate/address-rules";

/**
 * THE recipient gate. Every recipient-facing route decides through this module:
 *
 *   a recipient READS a link when it agreed to the NDA (links that require one: requireNda), proved its address (e-mail links), did not decline, gave
 *   the link's passcode (links with one), its address is one the link's lists and the owner's account-wide blocked
 *   domains admit, the link is neither revoked nor expired, and its view window is open.
 *
 * That rule exists in two forms (a TypeScript check on loaded rows, an SQL condition); both are built here from one
 * list of clauses, so they cannot say different things (tests/lib/domain/shares/gate.test.ts runs the two over the same
 * rows). There is no Prisma `where` form: the address clause compares the recipient's address with lists on its link
 * and its owner, which a Prisma filter cannot express (findReaders selects with the SQL form). "Used up" needs no
 * clause: a recipient inside its own view window keeps reading what it was given, and one outside it is refused by the
 * window clause.
 *
 * A recipient is ADMITTED (may be handed the content, which consumes a view and opens the window, and may comment)
 * under the same clauses minus the window, with the link open for it instead (not used up, unless inside its window).
 */

/** The share fields the gate reads. */
export type GateShare = {
  shareType: ShareType;
  maxViews: number | null;
  viewCount: number;
  revokedAt: Date | null;
  expiresAt: Date | null;
  passcodeHash: string | null;
  allowedEmails: readonly string[];
  allowedDomains: readonly string[];
  blockedDomains: readonly string[];
  /** An e-mail link's invited addresses (lower-case): only they may open it. */
  recipientEmails: readonly string[];
  /** False, the link asks for no agreement. Absent (rows built by hand): true. */
  requireNda?: boolean;
  /** True, every recipient proves its address with the e-mailed code ('Require a verified e-mail'). */
  requireVerifiedEmail: boolean;
  /** The owner's account-wide blocked domains (/profile → 'Sharing defaults'): the link's creator is its owner. */
  createdBy: { sharingBlockedDomains: readonly string[] };
};
/** The recipient fields the gate reads. */
export type GateRecipient = Pick<Recipient, "email" | "agreedToNda" | "emailVerifiedAt" | "declinedAt" | "viewWindowEndsAt" | "passcodeGivenAt"> & {
  /** 'Let back in': one more delivery past the link's limit (absent: none). */
  readmittedAt?: Date | null;
};

/** What a Prisma query on Share includes for the gate beside the share's own columns (the owner's blocked domains). */
export const gateShareInclude = { createdBy: { select: { sharingBlockedDomains: true } } } as const satisfies Prisma.ShareInclude;

type Clause = {
  /** For test failure messages and readers of this file. */
  name: string;
  holds(s: GateShare, r: GateRecipient, now: Date): boolean;
  /** Over a "Recipient" row aliased `r` and its "Share" aliased `s`; times are stored as UTC wall time. */
  sql(r: Prisma.Sql, s: Prisma.Sql): Prisma.Sql;
};

const UTC_NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/** lib/domain/gate/address-rules.ts `within`: the domain itself or one of its subdomains. */
const withinSql = (domain: Prisma.Sql, listed: Prisma.Sql) =>
  Prisma.sql`(${domain} = ${listed} OR right(${domain}, length(${listed}) + 1) = ('.' || ${listed}))`;

/**
 * lib/domain/gate/address-rules.ts addressAdmitted as SQL (addresses are stored trimmed and lower-case at identity). The
 * owner's blocked domains come by primary key from the link's creator (its owner) inside the same statement: no extra round trip.
 */
function addressSql(r: Prisma.Sql, s: Prisma.Sql) {
  const email = Prisma.sql`lower(${r}."email")`;
  const domain = Prisma.sql`reverse(split_part(reverse(${email}), '@', 1))`;
  const ownerBlocked = Prisma.sql`(SELECT gu."sharingBlockedDomains" FROM "User" gu WHERE gu."id" = ${s}."createdById")`;
  return Prisma.sql`(NOT EXISTS (SELECT 1 FROM unnest(${s}."blockedDomains" || ${ownerBlocked}) AS gb("d") WHERE ${withinSql(domain, Prisma.raw(`gb."d"`))})
    AND ((cardinality(${s}."allowedEmails") = 0 AND cardinality(${s}."allowedDomains") = 0)
      OR ${email} = ANY(${s}."allowedEmails")
      OR EXISTS (SELECT 1 FROM unnest(${s}."allowedDomains") AS ga("d") WHERE ${withinSql(domain, Prisma.raw(`ga."d"`))})))`;
}

/** The link's own state: not revoked, not expired (both deny every call, an open view window included). */
const SHARE_CLAUSES: Clause[] = [
  {
    name: "link not revoked",
    holds: (s) => s.revokedAt === null,
    sql: (_r, s) => Prisma.sql`${s}."revokedAt" IS NULL`,
  },
  {
    name: "link not expired",
    holds: (s, _r, now) => s.expiresAt === null || s.expiresAt > now,
    sql: (_r, s) => Prisma.sql`(${s}."expiresAt" IS NULL OR ${s}."expiresAt" > ${UTC_NOW})`,
  },
];

/** An e-mail link opens only for the addresses it was sent to (stored lower-case, as recipients' addresses are). */
function invitedSql(r: Prisma.Sql, s: Prisma.Sql) {
  return Prisma.sql`(${s}."shareType" <> 'email' OR lower(${r}."email") = ANY(${s}."recipientEmails"))`;
}

const ADDRESS_CLAUSE: Clause = {
  // Read on every call like the rest: identify checks the address once, but the owner may block a domain
  // (on the link, or account-wide on /profile), narrow a link's allow lists or take an address off an e-mail link
  // while a recipient reads; its next call is refused. Lifting the block (or inviting the address again) lets it
  // back under the other clauses (its window, the link's limits).
  name: "address admitted (the e-mail link's addresses, the link's lists, the owner's blocked domains)",
  holds: (s, r) => isInvited(s, r.email) && addressAdmitted(s, s.createdBy.sharingBlockedDomains, r.email),
  sql: (r, s) => Prisma.sql`(${invitedSql(r, s)} AND ${addressSql(r, s)})`,
};

/** Is `address` one an e-mail link was sent to (any other link: anyone)? */
export function isInvited(s: Pick<GateShare, "shareType" | "recipientEmails">, address: string) {
  return s.shareType !== "email" || s.recipientEmails.includes(address.trim().toLowerCase());
}

/** The recipient's standing on its link: agreed, verified where needed, not declined, passcode given, address admitted. */
const STANDING_CLAUSES: Clause[] = [
  {
    // Read on every call: a link switched to requireNda mid-session asks its recipients who did not accept to do so.
    name: "agreed to the NDA (links that require one)",
    holds: (s, r) => s.requireNda === false || r.agreedToNda,
    sql: (r, s) => Prisma.sql`(${r}."agreedToNda" OR NOT ${s}."requireNda")`,
  },
  {
    // E-mail links, links with an allow list (a list is worthless unless the address is proven), and links that
    // require a verified e-mail.
    name: "address verified (e-mail, allow-listed and verified-e-mail links)",
    holds: (s, r) => !needsCode(s) || r.emailVerifiedAt !== null,
    sql: (r, s) =>
      Prisma.sql`(${r}."emailVerifiedAt" IS NOT NULL OR (${s}."shareType" <> 'email' AND NOT ${s}."requireVerifiedEmail" AND cardinality(${s}."allowedEmails") = 0 AND cardinality(${s}."allowedDomains") = 0))`,
  },
  {
    name: "not declined",
    holds: (_s, r) => r.declinedAt === null,
    sql: (r) => Prisma.sql`${r}."declinedAt" IS NULL`,
  },
  {
    // Changing or adding a passcode clears passcodeGivenAt on every recipient of the link, so the
    // change reaches every open session on its next call.
    name: "passcode given (links with a passcode)",
    holds: (s, r) => s.passcodeHash === null || r.passcodeGivenAt !== null,
    sql: (r, s) => Prisma.sql`(${s}."passcodeHash" IS NULL OR ${r}."passcodeGivenAt" IS NOT NULL)`,
  },
  ADDRESS_CLAUSE,
];

const WINDOW_CLAUSE: Clause = {
  name: "inside its view window",
  holds: (_s, r, now) => r.viewWindowEndsAt !== null && r.viewWindowEndsAt > now,
  sql: (r) => Prisma.sql`${r}."viewWindowEndsAt" > ${UTC_NOW}`,
};

const READER_CLAUSES = [...SHARE_CLAUSES, ...STANDING_CLAUSES, WINDOW_CLAUSE];

/** The clause names, in order (tests name the one a state breaks). */
export const READER_RULE = READER_CLAUSES.map((c) => c.name);

/** The fields that decide whether a link proves addresses with a code. */
export type CodeFields = Pick<GateShare, "shareType" | "allowedEmails" | "allowedDomains" | "requireVerifiedEmail">;

/**
 * E-mail links, links with an allow list and links that require a verified e-mail prove the recipient's address
 * with the e-mailed code.
 */
export function needsCode(s: CodeFields) {
  return s.shareType === "email" || s.requireVerifiedEmail || hasAllowList(s);
}

/** Only links that need a code need a proven address. */
export function isEmailVerified(r: Pick<GateRecipient, "emailVerifiedAt">, share: CodeFields) {
  return STANDING_CLAUSES[1].holds(share as GateShare, r as GateRecipient, new Date());
}

/** The recipient gave the link's current passcode, or the link has none. */
export function passcodeGiven(s: Pick<GateShare, "passcodeHash">, r: Pick<GateRecipient, "passcodeGivenAt">) {
  return STANDING_CLAUSES[3].holds(s as GateShare, r as GateRecipient, new Date());
}

/**
 * The link's lists and the owner's blocked domains admit the recipient's address now. A recipient they refuse is
 * treated as no session at all (the content call answers as to a newcomer, whose identify then gets the 403 'This
 * link is not available to …'; comments ask it to identify; everything else is the link's 404), which is what a
 * browser whose session was ended sees.
 */
export function addressAllowed(s: Pick<GateShare, "shareType" | "recipientEmails" | "allowedEmails" | "allowedDomains" | "blockedDomains" | "createdBy">, r: Pick<GateRecipient, "email">) {
  return ADDRESS_CLAUSE.holds(s as GateShare, r as GateRecipient, new Date());
}

/**
 * Agreed, verified where the link needs it, not declined, passcode given, address admitted: the recipient's own part
 * of the rule.
 */
export function hasAgreed(s: Pick<GateShare, "shareType" | "recipientEmails" | "passcodeHash" | "allowedEmails" | "allowedDomains" | "blockedDomains" | "requireNda" | "createdBy">, r: GateRecipient) {
  return STANDING_CLAUSES.every((c) => c.holds(s as GateShare, r, new Date()));
}

/**
 * May be handed the content (GET /api/share/{token}, which consumes a view) and comment: in good standing on a link
 * that is open for it (lib/domain/gate/link-state.ts isOpenFor: live, and not used up unless inside its own window).
 */
export function isAdmitted(s: GateShare, r: GateRecipient | null, now = new Date()): r is GateRecipient {
  return !!r && hasAgreed(s, r) && isOpenFor(s, r, now);
}

/** Reads the link now: every clause holds (files, pages, timestamp, .ots; engagement checks readingSql in its statement). */
export function isReading(s: GateShare, r: GateRecipient | null, now = new Date()): r is GateRecipient {
  return !!r && READER_CLAUSES.every((c) => c.holds(s, r, now));
}

/**
 * The same rule as an SQL condition over a "Recipient" row `r` joined to its "Share" `s` (aliases as given). It holds
 * no parameters (lib/domain/engagement puts its text into a prepared statement of its own).
 */
export function readingSql(r = Prisma.raw(`"r"`), s = Prisma.raw(`"s"`)): Prisma.Sql {
  return Prisma.join(READER_CLAUSES.map((c) => c.sql(r, s)), " AND ");
}

/** The link clauses alone, as SQL over a "Share" row `s` (a reload re-checks them; lib/domain/shares/views.ts). */
export function liveShareSql(s = Prisma.raw(`"Share"`)): Prisma.Sql {
  return Prisma.join(SHARE_CLAUSES.map((c) => c.sql(Prisma.empty, s)), " AND ");
}

/**
 * The recipient this browser holds on the link `token`, with the link (idea, owner), when it reads it now;
 * NotFoundError INVALID_LINK otherwise: an unknown, revoked, expired or used-up link, anyone the rule refuses (an
 * address the link or its owner blocks included). Nothing tells the refusals apart. The lookup already carries the
 * link's lists and the owner's blocked domains, so the address clause costs no query.
 */
export async function requireReader(token: string, secrets: RecipientSecrets) {
  return readerOf(await shareByToken(token), secrets);
}

/** requireReader for a link already looked up (an idea link, or a room link: lib/domain/rooms/recipient.ts). */
export async function readerOf<L extends ShareSummary | RoomLinkSummary>(share: L | null, secrets: RecipientSecrets) {
  const hashes = secretHashes(secrets);
  if (!share || isDead(share) || hashes.length === 0) throw new NotFoundError(INVALID_LINK);
  const now = new Date();
  const recipients = await db.recipient.findMany({ where: { shareId: share.id, secretHash: { in: hashes } }, orderBy: { createdAt: "desc" } });
  const recipient = recipients.find((r) => isReading(share, r, now));
  if (!recipient) throw new NotFoundError(INVALID_LINK);
  return { share, recipient };
}

/**
 * This browser's recipients that read some link now, narrowed by `where` (lib/domain/files: links to one owner's ideas): the
 * rule picks them in SQL (one indexed statement; a browser that reads nothing costs only that), then `select` loads
 * what the caller needs of them.
 */
export async function findReaders<S extends Prisma.RecipientSelect>(secrets: RecipientSecrets, where: Prisma.RecipientWhereInput, select: S) {
  const hashes = secretHashes(secrets);
  if (hashes.length === 0) return [] as Prisma.RecipientGetPayload<{ select: S }>[];
  const readers = await db.$queryRaw<{ id: string }[]>`
    SELECT r."id" FROM "Recipient" r JOIN "Share" s ON s."id" = r."shareId"
    WHERE r."secretHash" = ANY(${hashes}::text[]) AND ${readingSql()}`;
  if (readers.length === 0) return [] as Prisma.RecipientGetPayload<{ select: S }>[];
  return (await db.recipient.findMany({ where: { AND: [{ id: { in: readers.map((r) => r.id) } }, where] }, select })) as Prisma.RecipientGetPayload<{ select: S }>[];
}
