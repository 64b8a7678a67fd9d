import { agreementParties, agreementValue, type AgreementParties, type AgreementParty } from "@/lib/domain/validation/agreement-text";

/**
 * A founder's own agreement as rendered for one recipient. Client-safe and pure: the server renders it
 * for the NDA screen, 'Download Agreement' and the acceptance, and hashes exactly the text made here.
 *
 * The body is plain text: paragraphs separated by a blank line; a paragraph whose first line starts with a number and
 * a dot ("1. ", "2) ") is a numbered term. It is always shown as text, never as HTML. Placeholders are filled with
 * single-line values, each visibly marked as a filled-in value: "[Recipient name: Grace Hopper]". A value cannot
 * change the document's structure: line breaks, control and bidirectional characters become visible escapes (as the
 * standard agreement's parties do), look-alike brackets and colons are folded to the plain ones (full-width "［" is
 * "[", lib/domain/validation/printable-text.ts) and square brackets then become parentheses (a value cannot close its own mark and forge
 * another, in any spelling), it is cut at VALUE_MAX characters, and the body is filled in one pass (a name written
 * "{ownerName}" stays that text). Above the body, the same labelled parties block the standard agreement has, its
 * values under the same rule.
 */
export const PLACEHOLDERS = ["recipientName", "recipientEmail", "ownerName", "ideaTitle", "ideaId", "date"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

export const PLACEHOLDER_LABELS: Record<Placeholder, string> = {
  recipientName: "Recipient name",
  recipientEmail: "Recipient e-mail",
  ownerName: "Discloser",
  ideaTitle: "Idea title",
  ideaId: "Idea ID",
  date: "Date",
};

/** What each placeholder becomes (help text on /profile). */
export const PLACEHOLDER_HELP: Record<Placeholder, string> = {
  recipientName: "the recipient's name",
  recipientEmail: "the recipient's e-mail address",
  ownerName: "your name",
  ideaTitle: "the idea's title",
  ideaId: "the idea's number",
  date: "the date the recipient identified on the link (UTC)",
};

/** Any {…} on one line is a placeholder; one not in PLACEHOLDERS is refused (lib/domain/validation/agreements.ts). */
const PLACEHOLDER_PATTERN = /\{([^{}\n]*)\}/g;
const TERM_START = /^\d{1,3}[.)]\s/;

/** A filled-in value's longest length; longer values are cut with an ellipsis. */
export const VALUE_MAX = 200;

export function isPlaceholder(name: string): name is Placeholder {
  return (PLACEHOLDERS as readonly string[]).includes(name);
}

/** The unknown placeholders of a body, each once, as written ("{name}"). */
export function unknownPlaceholders(body: string): string[] {
  const found = new Set<string>();
  for (const m of body.matchAll(PLACEHOLDER_PATTERN)) if (!isPlaceholder(m[1])) found.add(m[0]);
  return [...found];
}

/** The body as stored: LF line ends, no trailing spaces, paragraphs separated by exactly one blank line, trimmed. */
export function normalizeAgreementBody(body: string): string {
  return body
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A value on one line, unable to pass for a mark or a clause. */
export function fillValue(value: string): string {
  const line = agreementValue(value).trim();
  return line.length > VALUE_MAX ? `${line.slice(0, VALUE_MAX - 1)}…` : line;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "25 November 2026" (UTC): the same on every screen and server. */
export function agreementDate(d: Date): string {
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

export type FilledValue = { label: string; value: string };
export type Segment = string | FilledValue;
/** A paragraph or a numbered term: its lines, each a list of text runs and filled-in values. */
export type OwnAgreementBlock = { term: boolean; lines: Segment[][] };
export type OwnAgreementDocument = { title: string; version: number; parties: AgreementParty[]; blocks: OwnAgreementBlock[] };

export type OwnAgreementValues = AgreementParties & { date: Date };

function segmentsOf(line: string, values: Record<Placeholder, string>): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of line.matchAll(PLACEHOLDER_PATTERN)) {
    if (m.index > at) out.push(line.slice(at, m.index));
    // Unknown placeholders cannot be stored; an old body holding one shows it as written.
    out.push(isPlaceholder(m[1]) ? { label: PLACEHOLDER_LABELS[m[1]], value: values[m[1]] } : m[0]);
    at = m.index + m[0].length;
  }
  if (at < line.length) out.push(line.slice(at));
  return out;
}

/** The agreement `version` as the recipient described by `p` reads it. */
export function renderOwnAgreement(version: { title: string; version: number; body: string }, p: OwnAgreementValues): OwnAgreementDocument {
  const values: Record<Placeholder, string> = {
    recipientName: fillValue(p.recipientName),
    recipientEmail: fillValue(p.recipientEmail),
    ownerName: fillValue(p.sharerName),
    // A room's agreement: {ideaTitle} is the room's name and {ideaId} its ideas' numbers (each named in the parties).
    ideaTitle: fillValue(p.room ? p.room.name : p.ideaTitle),
    ideaId: p.room ? p.room.items.map((i) => i.ideaId).join(", ") : String(p.ideaId),
    date: agreementDate(p.date),
  };
  const blocks = normalizeAgreementBody(version.body)
    .split("\n\n")
    .filter((b) => b !== "")
    .map((block) => ({ term: TERM_START.test(block), lines: block.split("\n").map((line) => segmentsOf(line, values)) }));
  return { title: fillValue(version.title), version: version.version, parties: agreementParties(p), blocks };
}

export const segmentText = (s: Segment) => (typeof s === "string" ? s : `[${s.label}: ${s.value}]`);

/** The exact text shown, downloaded, hashed into the evidence and printed on the certificate. */
export function ownAgreementToText(a: OwnAgreementDocument): string {
  const parties = a.parties.map((party) => `${party.label}: ${party.value}`);
  const body = a.blocks.map((b) => b.lines.map((line) => line.map(segmentText).join("")).join("\n")).join("\n\n");
  return [a.title, `Version ${a.version}`, "", ...parties, "", body, ""].join("\n");
}
