/**
 * The confidentiality agreement a recipient accepts before reading an idea. Client-safe and pure: the NDA screen
 * renders exactly these terms, and the server hashes exactly this text into the evidence record, so "the text
 * shown" and "the text hashed" cannot drift apart. Changing any wording changes AGREEMENT_VERSION.
 */
export const AGREEMENT_VERSION = "2026-11-23.1";

export type AgreementParties = {
  ideaId: number;
  ideaTitle: string;
  sharerName: string;
  recipientName: string;
  recipientEmail: string;
};

export type Agreement = { title: string; preamble: string; terms: string[]; closing: string };

function preamble(p: AgreementParties) {
  return (
    `This Non-Disclosure Agreement is made between ${p.sharerName} (the "Discloser") and ${p.recipientName} ` +
    `<${p.recipientEmail}> (the "Recipient") concerning the idea "${p.ideaTitle}" (Idea ID ${p.ideaId}) ` +
    `shared through IdeaVault (the "Confidential Information").`
  );
}

const CORE_TERMS = (p: AgreementParties) => [
  `Irrevocable agreement. By selecting "I Agree" the Recipient accepts this agreement irrevocably. The acceptance is recorded with the Recipient's name, e-mail address, the time, the network address and the browser used.`,
  `Non-disclosure. The Recipient shall keep the Confidential Information strictly confidential and shall not disclose, publish, copy or share it, in whole or in part, with any third party without the Discloser's prior written consent.`,
  `Non-use. The Recipient shall not use the Confidential Information for any purpose other than evaluating it for a possible collaboration with the Discloser, and shall not develop, file, patent, register or commercialise it or anything derived from it.`,
  `Scope. This agreement covers only the idea "${p.ideaTitle}" (Idea ID ${p.ideaId}) and everything the Recipient learns about it through IdeaVault or from the Discloser in connection with it. It does not cover information that is public through no fault of the Recipient or that the Recipient can show was lawfully known to them before disclosure.`,
  `Ownership. All rights in the Confidential Information remain with the Discloser. Nothing in this agreement grants the Recipient any licence or right to it.`,
  `Duration. The Recipient's obligations continue for five (5) years from acceptance, or for as long as the information remains confidential, whichever is longer.`,
  `Remedies. The Recipient acknowledges that a breach may cause irreparable harm to the Discloser, who shall be entitled to seek injunctive relief and damages in addition to any other remedy.`,
  `Return and deletion. On the Discloser's request the Recipient shall stop accessing the Confidential Information and delete any notes or copies made of it.`,
];

/** The agreement as shown on the NDA screen: 9 numbered terms. */
export function buildAgreement(p: AgreementParties): Agreement {
  return {
    title: "Non-Disclosure Agreement",
    preamble: preamble(p),
    terms: [
      ...CORE_TERMS(p),
      `Evidence. The Recipient agrees that IdeaVault's record of this acceptance, including a cryptographic digest of this text and of the idea content shown, may be used as evidence of this agreement.`,
    ],
    closing: `By selecting "I Agree", ${p.recipientName} confirms having read and understood this agreement and agrees to be bound by it.`,
  };
}

/** The downloadable copy ('Download Agreement'): 8 numbered terms. */
export function buildDownloadAgreement(p: AgreementParties): Agreement {
  return { ...buildAgreement(p), terms: CORE_TERMS(p) };
}

/** Plain-text rendering; for the on-screen agreement this is the exact text hashed into the evidence record. */
export function agreementToText(a: Agreement): string {
  const terms = a.terms.map((t, i) => `${i + 1}. ${t}`);
  return [a.title, "", a.preamble, "", ...terms, "", a.closing, ""].join("\n");
}

/** 'Download Agreement' saves a text file named after the idea id. */
export function agreementFileName(ideaId: number) {
  return `NDA-Idea-${ideaId}.txt`;
}
