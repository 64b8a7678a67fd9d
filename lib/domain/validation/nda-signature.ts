/**
 * A typed-name signature on the agreement: the recipient types their full name, which must be the name they
 * identified with, ignoring case and spacing. Plain functions without zod so the agreement screen can check as the
 * recipient types (the server decides with the same function).
 */

export const SIGNATURE_MISMATCH = "Type your full name as shown above to sign";
/** Longer than any identified name may be (100 characters) with room for spacing; anything longer cannot match. */
export const SIGNATURE_MAX_CHARS = 300;

export const CLICKED_I_AGREE = "Accepted by clicking I Agree";

/** The signature as kept on the record: NFC, trimmed, inner whitespace runs as one space; its case as typed. */
export function signatureAsSigned(text: string): string {
  return text.normalize("NFC").trim().replace(/\s+/gu, " ");
}

/** What must match: "  Ada   LOVELACE " and "ada lovelace" sign alike. */
export function normalizeSignature(text: string): string {
  return signatureAsSigned(text).toLowerCase();
}

export function signatureMatches(name: string, signature: string): boolean {
  const typed = normalizeSignature(signature);
  return typed !== "" && typed === normalizeSignature(name);
}

/** How the agreement was accepted, in the words the record, the certificate and the owner's screens use. */
export function acceptanceMethodText(signature: string | null): string {
  return signature === null ? CLICKED_I_AGREE : `Signed electronically by typing their name: ${signature}`;
}
