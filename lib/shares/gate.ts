import "server-only";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/api/errors";
import { Prisma, type Recipient, type ShareType } from "@/lib/generated/prisma/client";
import { INVALID_LINK, isDead, isOpenFor } from "@/lib/shares/link-state";
import { secretHashes, type RecipientSecrets } from "@/lib/shares/secrets";
import { shareByToken } from "@/lib/shares/lookup";
import { hasAllowList } from "@/lib/shares/address-rules";

/**
 * THE recipient gate (issue 16 §0). Every recipient-facing route decides through this module:
 *
 *   a recipient READS a link when it agreed to the NDA (links that require one: requireNda, issue 17 §4), proved its address (e-mail links), did not decline, gave
 *   the link's passcode (links with one), the link is neither revoked nor expired, and its view window is open.
 *
 * That rule exists in three forms (a TypeScript check on loaded rows, a Prisma `where`, an SQL condition); all three
 * are built here from one list of clauses, so they cannot say different things (tests/lib/shares/gate.test.ts runs
 * the three over the same rows). "Used up" needs no clause: a recipient inside its own view window keeps reading
 * what it was given, and one outside it is refused by the window clause.
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
  /** Issue 17 §4: false, the link asks for no agreement. Absent (rows built by hand): true. */
  requireNda?: boolean;
};
/** The recipient fields the gate reads. */
export type GateRecipient = Pick<Recipient, "agreedToNda" | "emailVerifiedAt" | "declinedAt" | "viewWindowEndsAt" | "passcodeGivenAt">;

type Clause = {
  /** For test failure messages and readers of this file. */
  name: string;
  holds(s: GateShare, r: GateRecipient, now: Date): boolean;
  where(now: Date): Prisma.RecipientWhereInput;
  /** Over a "Recipient" row aliased `r` and its "Share" aliased `s`; times are stored as UTC wall time. */
  sql(r: Prisma.Sql, s: Prisma.Sql): Prisma.Sql;
};

const UTC_NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/** The link's own state: not revoked, not expired (both deny every call, an open view window included). */
const SHARE_CLAUSES: Clause[] = [
  {
    name: "link not revoked",
    holds: (s) => s.revokedAt === null,
    where: () => ({ share: { revokedAt: null } }),
    sql: (_r, s) => Prisma.sql`${s}."revokedAt" IS NULL`,
  },
  {
    name: "link not expired",
    holds: (s, _r, now) => s.expiresAt === null || s.expiresAt > now,
    where: (now) => ({ share: { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } }),
    sql: (_r, s) => Prisma.sql`(${s}."expiresAt" IS NULL OR ${s}."expiresAt" > ${UTC_NOW})`,
  },
];

/** The recipient's standing on its link: agreed, verified where needed, not declined. */
const STANDING_CLAUSES: Clause[] = [
  {
    // Read on every call: a link switched to requireNda mid-session asks its recipients who did not accept to do so.
    name: "agreed to the NDA (links that require one)",
    holds: (s, r) => s.requireNda === false || r.agreedToNda,
    where: () => ({ OR: [{ agreedToNda: true }, { share: { requireNda: false } }] }),
    sql: (r, s) => Prisma.sql`(${r}."agreedToNda" OR NOT ${s}."requireNda")`,
  },
  {
    // E-mail links, and links with an allow list (issue 17 §2: a list is worthless unless the address is proven).
    name: "address verified (e-mail and allow-listed links)",
    holds: (s, r) => !needsCode(s) || r.emailVerifiedAt !== null,
    where: () => ({
      OR: [{ emailVerifiedAt: { not: null } }, { share: { shareType: { not: "email" }, allowedEmails: { isEmpty: true }, allowedDomains: { isEmpty: true } } }],
    }),
    sql: (r, s) =>
      Prisma.sql`(${r}."emailVerifiedAt" IS NOT NULL OR (${s}."shareType" <> 'email' AND cardinality(${s}."allowedEmails") = 0 AND cardinality(${s}."allowedDomains") = 0))`,
  },
  {
    name: "not declined",
    holds: (_s, r) => r.declinedAt === null,
    where: () => ({ declinedAt: null }),
    sql: (r) => Prisma.sql`${r}."declinedAt" IS NULL`,
  },
  {
    // Issue 17 §1. Changing or adding a passcode clears passcodeGivenAt on every recipient of the link, so the
    // change reaches every open session on its next call.
    name: "passcode given (links with a passcode)",
    holds: (s, r) => s.passcodeHash === null || r.passcodeGivenAt !== null,
    where: () => ({ OR: [{ passcodeGivenAt: { not: null } }, { share: { passcodeHash: null } }] }),
    sql: (r, s) => Prisma.sql`(${s}."passcodeHash" IS NULL OR ${r}."passcodeGivenAt" IS NOT NULL)`,
  },
];

const WINDOW_CLAUSE: Clause = {
  name: "inside its view window",
  holds: (_s, r, now) => r.viewWindowEndsAt !== null && r.viewWindowEndsAt > now,
  where: (now) => ({ viewWindowEndsAt: { gt: now } }),
  sql: (r) => Prisma.sql`${r}."viewWindowEndsAt" > ${UTC_NOW}`,
};

const READER_CLAUSES = [...SHARE_CLAUSES, ...STANDING_CLAUSES, WINDOW_CLAUSE];

/** The clause names, in order (tests name the one a state breaks). */
export const READER_RULE = READER_CLAUSES.map((c) => c.name);

/** The fields that decide whether a link proves addresses with a code. */
export type CodeFields = Pick<GateShare, "shareType" | "allowedEmails" | "allowedDomains">;

/** E-mail links and links with an allow list prove the recipient's address with the e-mailed code. */
export function needsCode(s: CodeFields) {
  return s.shareType === "email" || hasAllowList(s);
}

/** Only links that need a code need a proven address. */
export function isEmailVerified(r: Pick<GateRecipient, "emailVerifiedAt">, share: CodeFields) {
  return STANDING_CLAUSES[1].holds(share as GateShare, r as GateRecipient, new Date());
}

/** The recipient gave the link's current passcode, or the link has none. */
export function passcodeGiven(s: Pick<GateShare, "passcodeHash">, r: Pick<GateRecipient, "passcodeGivenAt">) {
  return STANDING_CLAUSES[3].holds(s as GateShare, r as GateRecipient, new Date());
}

/** Agreed, verified where the link needs it, not declined, passcode given: the recipient's own part of the rule. */
export function hasAgreed(s: Pick<GateShare, "shareType" | "passcodeHash" | "allowedEmails" | "allowedDomains" | "requireNda">, r: GateRecipient) {
  return STANDING_CLAUSES.every((c) => c.holds(s as GateShare, r, new Date()));
}

/**
 * May be handed the content (GET /api/share/{token}, which consumes a view) and comment: in good standing on a link
 * that is open for it (lib/shares/link-state.ts isOpenFor: live, and not used up unless inside its own window).
 */
export function isAdmitted(s: GateShare, r: GateRecipient | null, now = new Date()): r is GateRecipient {
  return !!r && hasAgreed(s, r) && isOpenFor(s, r, now);
}

/** Reads the link now: every clause holds (files, pages, timestamp, .ots; engagement checks readingSql in its statement). */
export function isReading(s: GateShare, r: GateRecipient | null, now = new Date()): r is GateRecipient {
  return !!r && READER_CLAUSES.every((c) => c.holds(s, r, now));
}

/** The same rule as a Prisma `where` on Recipient (its `share` relation carries the link clauses). */
export function readingWhere(now = new Date()): Prisma.RecipientWhereInput {
  return { AND: READER_CLAUSES.map((c) => c.where(now)) };
}

/**
 * The same rule as an SQL condition over a "Recipient" row `r` joined to its "Share" `s` (aliases as given). It holds
 * no parameters (lib/engagement puts its text into a prepared statement of its own).
 */
export function readingSql(r = Prisma.raw(`"r"`), s = Prisma.raw(`"s"`)): Prisma.Sql {
  return Prisma.join(READER_CLAUSES.map((c) => c.sql(r, s)), " AND ");
}

/** The link clauses alone, as SQL over a "Share" row `s` (a reload re-checks them; lib/shares/views.ts). */
export function liveShareSql(s = Prisma.raw(`"Share"`)): Prisma.Sql {
  return Prisma.join(SHARE_CLAUSES.map((c) => c.sql(Prisma.empty, s)), " AND ");
}

/**
 * The recipient this browser holds on the link `token`, with the link (idea, owner), when it reads it now;
 * NotFoundError INVALID_LINK otherwise: an unknown, revoked, expired or used-up link, anyone the rule refuses. Nothing
 * tells the refusals apart.
 */
export async function requireReader(token: string, secrets: RecipientSecrets) {
  const share = await shareByToken(token);
  const hashes = secretHashes(secrets);
  if (!share || isDead(share) || hashes.length === 0) throw new NotFoundError(INVALID_LINK);
  const now = new Date();
  const recipients = await db.recipient.findMany({ where: { shareId: share.id, secretHash: { in: hashes } }, orderBy: { createdAt: "desc" } });
  const recipient = recipients.find((r) => isReading(share, r, now));
  if (!recipient) throw new NotFoundError(INVALID_LINK);
  return { share, recipient };
}

/** This browser's recipients that read some link now, narrowed by `where` (lib/files: links to one owner's ideas). */
export function findReaders<S extends Prisma.RecipientSelect>(secrets: RecipientSecrets, where: Prisma.RecipientWhereInput, select: S) {
  const hashes = secretHashes(secrets);
  if (hashes.length === 0) return Promise.resolve([] as Prisma.RecipientGetPayload<{ select: S }>[]);
  return db.recipient.findMany({ where: { AND: [{ secretHash: { in: hashes } }, readingWhere(), where] }, select }) as Promise<Prisma.RecipientGetPayload<{ select: S }>[]>;
}
