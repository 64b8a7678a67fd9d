import { printedLine } from "@/lib/domain/validation/printable-text";

/**
 * The confidentiality agreement a recipient accepts before reading an idea. Client-safe and pure: the NDA screen
 * renders exactly these terms, and the server hashes exactly this text into the evidence record, so "the text
 * shown" and "the text hashed" cannot drift apart. Changing any wording changes AGREEMENT_VERSION.
 *
 * Who and what (the parties, the idea) appear only in the labelled "parties" lines at the top, each value on one
 * line (a value stored before single-line fields were enforced shows its line breaks as visible escapes), and the
 * clauses refer to "the Discloser", "the Recipient" and "the Idea identified above": input typed by a recipient or an
 * owner never sits inside a clause, so it can neither add one nor forge a field. Acceptances made
 * under an earlier version keep their stored text, which their certificates print as it was.
 */
export const AGREEMENT_VERSION = "2026-11-24.1";

/** One idea of a room as a room's agreement names it: what the recipient is shown of it, by its digest. */
export type RoomAgreementItem = { ideaId: number; title: string; version: number | null; sha256: string };
/** A room link's subject: the room and each of its ideas, in the room's order. */
export type RoomAgreementSubject = { id: string; name: string; items: RoomAgreementItem[] };

type AgreementPeople = { sharerName: string; recipientName: string; recipientEmail: string };
/** The parties and what the agreement covers: one idea (an idea link), or a room's ideas (a room link). */
export type AgreementParties = AgreementPeople &
  ({ ideaId: number; ideaTitle: string; room?: undefined } | { ideaId?: undefined; ideaTitle?: undefined; room: RoomAgreementSubject });

export type AgreementParty = { label: string; value: string };
export type Agreement = { title: string; parties: AgreementParty[]; preamble: string; terms: string[]; closing: string };

/**
 * A value typed by a recipient or an owner as the agreement prints it: on one line, look-alike punctuation folded
 * (lib/domain/validation/printable-text.ts: "［" is "[", "∶" is ":"), then square brackets as parentheses, so that no value can open or
 * close a "[Label: value]" mark (an own agreement's filled-in fields) or pass for one.
 */
export function agreementValue(value: string): string {
  return printedLine(value).replace(/\[/g, "(").replace(/\]/g, ")");
}

/** The labelled parties lines, each value on one line (shared with the owner's own agreements, lib/domain/validation/own-agreement.ts). */
export function agreementParties(p: AgreementParties): AgreementParty[] {
  const people = [
    { label: "Discloser", value: agreementValue(p.sharerName) },
    { label: "Recipient", value: `${agreementValue(p.recipientName)} <${agreementValue(p.recipientEmail)}>` },
  ];
  if (!p.room) return [...people, { label: "Idea", value: `${agreementValue(p.ideaTitle)} (Idea ID ${p.ideaId})` }];
  // A room's agreement names each idea it covers by the digest of what the recipient is shown of it.
  return [...people, { label: "Room", value: agreementValue(p.room.name) }, ...p.room.items.map((item, i) => ({ label: `Idea ${i + 1}`, value: roomItemText(item) }))];
}

/** "Deck (Idea ID 12, version 2, SHA-256 ab…)": one idea of a room's agreement (also on its certificate). */
export function roomItemText(item: RoomAgreementItem): string {
  const version = item.version === null ? "" : `, version ${item.version}`;
  return `${agreementValue(item.title)} (Idea ID ${item.ideaId}${version}, SHA-256 ${item.sha256})`;
}

const PREAMBLE =
  `This Non-Disclosure Agreement is made between the Discloser and the Recipient identified above concerning the Idea ` +
  `identified above, shared through IdeaVault (the "Confidential Information").`;

const CORE_TERMS = [
  `Irrevocable agreement. By selecting "I Agree" the Recipient accepts this agreement irrevocably. The acceptance is recorded with the Recipient's name, e-mail address, the time, the network address and the browser used.`,
  `Non-disclosure. The Recipient shall keep the Confidential Information strictly confidential and shall not disclose, publish, copy or share it, in whole or in part, with any third party without the Discloser's prior written consent.`,
  `Non-use. The Recipient shall not use the Confidential Information for any purpose other than evaluating it for a possible collaboration with the Discloser, and shall not develop, file, patent, register or commercialise it or anything derived from it.`,
  `Scope. This agreement covers only the Idea identified above and everything the Recipient learns about it through IdeaVault or from the Discloser in connection with it. It does not cover information that is public through no fault of the Recipient or that the Recipient can show was lawfully known to them before disclosure.`,
  `Ownership. All rights in the Confidential Information remain with the Discloser. Nothing in this agreement grants the Recipient any licence or right to it.`,
  `Duration. The Recipient's obligations continue for five (5) years from acceptance, or for as long as the information remains confidential, whichever is longer.`,
  `Remedies. The Recipient acknowledges that a breach may cause irreparable harm to the Discloser, who shall be entitled to seek injunctive relief and damages in addition to any other remedy.`,
  `Return and deletion. On the Discloser's request the Recipient shall stop accessing the Confidential Information and delete any notes or copies made of it.`,
];

const EVIDENCE_TERM = `Evidence. The Recipient agrees that IdeaVault's record of this acceptance, including a cryptographic digest of this text and of the idea content shown, may be used as evidence of this agreement.`;

const CLOSING = `By selecting "I Agree", the Recipient identified above confirms having read and understood this agreement and agrees to be bound by it.`;

/**
 * Where an owner's own agreement starts: the standard agreement's wording, its parties written as placeholders (an
 * own agreement's first paragraph identifies them), so an owner edits a complete agreement rather than an empty box.
 */
export function standardAgreementTemplate(): string {
  return [
    `This agreement is made on {date} between {ownerName} (the Discloser) and {recipientName}, {recipientEmail} (the Recipient), about the idea "{ideaTitle}" (Idea ID {ideaId}).`,
    PREAMBLE,
    ...[...CORE_TERMS, EVIDENCE_TERM].map((term, i) => `${i + 1}. ${term}`),
    CLOSING,
  ].join("\n\n");
}

/** A room's agreement covers each of its ideas: the same clauses, about "the Ideas identified above". */
const forRoom = (text: string) =>
  text
    .replace(/the Idea identified above/g, "the Ideas identified above")
    .replace("learns about it through", "learns about them through")
    .replace("the idea content shown", "each idea's content shown");

/** The agreement as shown on the NDA screen: 9 numbered terms. */
export function buildAgreement(p: AgreementParties): Agreement {
  const wording = p.room ? forRoom : (text: string) => text;
  return {
    title: "Non-Disclosure Agreement",
    parties: agreementParties(p),
    preamble: wording(PREAMBLE),
    terms: [...CORE_TERMS, EVIDENCE_TERM].map(wording),
    closing: CLOSING,
  };
}

/** The downloadable copy ('Download Agreement'): 8 numbered terms. */
export function buildDownloadAgreement(p: AgreementParties): Agreement {
  const agreement = buildAgreement(p);
  return { ...agreement, terms: agreement.terms.slice(0, CORE_TERMS.length) };
}

/** Plain-text rendering; for the on-screen agreement this is the exact text hashed into the evidence record. */
export function agreementToText(a: Agreement): string {
  const parties = a.parties.map((party) => `${party.label}: ${party.value}`);
  const terms = a.terms.map((t, i) => `${i + 1}. ${t}`);
  return [a.title, "", ...parties, "", a.preamble, "", ...terms, "", a.closing, ""].join("\n");
}

/** 'Download Agreement' saves a text file named after the idea id. */
export function agreementFileName(ideaId: number) {
  return `NDA-Idea-${ideaId}.txt`;
}

/** A room's agreement's file, named after the room. */
export function roomAgreementFileName(roomId: string) {
  return `NDA-Room-${roomId}.txt`;
}
