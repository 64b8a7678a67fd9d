import "server-only";
import { degrees, ParseSpeeds, PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { drawableText, embedDejaVu } from "@/lib/pdf/fonts";

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

const DIAGONAL_OPACITY = 0.18;
const FOOTER_SIZE = 7;

function stampPage(page: PDFPage, font: PDFFont, diagonal: string, footer: string) {
  const box = page.getCropBox();
  const { x, y, width, height } = box;
  // Three faint copies along the page's diagonal, sized to span under half of it so the side copies stay on the page.
  const angle = Math.atan2(height, width);
  const diag = Math.hypot(width, height);
  const size = Math.max(8, Math.min(40, (0.42 * diag) / Math.max(1, font.widthOfTextAtSize(diagonal, 1))));
  const textWidth = font.widthOfTextAtSize(diagonal, size);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  for (const shift of [-0.27, 0, 0.27]) {
    // Centre of this copy: the page centre moved across the diagonal (perpendicular to it).
    const cx = x + width / 2 - sin * shift * Math.min(width, height);
    const cy = y + height / 2 + cos * shift * Math.min(width, height);
    page.drawText(diagonal, {
      x: cx - (cos * textWidth) / 2 + (sin * size) / 3,
      y: cy - (sin * textWidth) / 2 - (cos * size) / 3,
      size,
      font,
      rotate: degrees((angle * 180) / Math.PI),
      color: rgb(0.55, 0.1, 0.1),
      opacity: DIAGONAL_OPACITY,
    });
  }
  const footerSize = Math.min(FOOTER_SIZE, (FOOTER_SIZE * (width - 24)) / Math.max(1, font.widthOfTextAtSize(footer, FOOTER_SIZE)));
  const footerWidth = font.widthOfTextAtSize(footer, footerSize);
  page.drawRectangle({ x: x + 8, y: y + 5, width: footerWidth + 8, height: footerSize + 6, color: rgb(1, 1, 1), opacity: 0.75 });
  page.drawText(footer, { x: x + 12, y: y + 8, size: footerSize, font, color: rgb(0.25, 0.25, 0.3) });
}

/**
 * A copy of the PDF with the recipient's line burned into every page: faint diagonal text and a footer. The
 * original bytes are not touched (the stored file stays the owner's). pdf-lib wraps each page's original content in
 * q … Q before drawing (PDFPageLeaf.normalize), so a page that leaves its graphics state changed (a transform, a
 * clip) cannot move or hide the mark; tests/lib/files/watermark.test.ts holds it to that.
 */
export async function watermarkPdf(original: Uint8Array, w: Watermark): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false, parseSpeed: ParseSpeeds.Fast });
  const font = await embedDejaVu(doc);
  const diagonal = drawableText(font, watermarkText(w));
  const footer = drawableText(font, watermarkFooter(w));
  for (const page of doc.getPages()) stampPage(page, font, diagonal, footer);
  return doc.save({ useObjectStreams: false, addDefaultPage: false, objectsPerTick: 200 });
}
