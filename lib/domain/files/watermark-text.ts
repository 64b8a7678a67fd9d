/**
 * The recipient's identity line, apart from the PDF code so the share lookup (which only needs the text) does not
 * load pdf-lib.
 */

/** Who a served copy belongs to: the recipient and the start of their view (stable across reloads). */
export type Watermark = { name: string; email: string; accessedAt: Date };

function minuteUtc(d: Date) {
  return d.toISOString().slice(0, 16).replace("T", " ") + " UTC";
}

/** The one line every copy a recipient receives carries (HTML overlay, canvas, PDF pages). */
export function watermarkText(w: Watermark) {
  return `${w.name} · ${w.email} · ${minuteUtc(w.accessedAt)}`;
}

/** The footer of a watermarked PDF page: who, under which terms, when. */
export function watermarkFooter(w: Watermark) {
  return `Confidential, shared under NDA with ${w.name} <${w.email}> via IdeaVault · accessed ${minuteUtc(w.accessedAt)}`;
}
