import "server-only";
import { degrees, ParseSpeeds, PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { drawableText, embedDejaVu } from "@/lib/platform/pdf/fonts";
import { saveRewritten } from "@/lib/platform/pdf/rewrite";
import { watermarkFooter, watermarkText, type Watermark } from "@/lib/domain/files/watermark-text";

export { watermarkFooter, watermarkText, type Watermark } from "@/lib/domain/files/watermark-text";

/**
 * Whether the PDF is encrypted, which pdf-lib cannot add a page mark to: such a file is refused at upload, since a
 * recipient may only ever receive a marked copy. Only files that name an /Encrypt dictionary are parsed.
 */
export async function isEncryptedPdf(data: Uint8Array): Promise<boolean> {
  if (!Buffer.from(data.buffer, data.byteOffset, data.byteLength).includes("/Encrypt")) return false;
  try {
    const doc = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fast });
    return doc.isEncrypted;
  } catch {
    return false; // unreadable for pdf-lib in other ways: the upload's own checks decide
  }
}

const DIAGONAL_OPACITY = 0.18;
const FOOTER_SIZE = 7;

type Layout = { size: number; textWidth: number; footerSize: number; footerWidth: number };

/** Sizes for one page size (measuring text through the font's shaping is the costly part: once per size). */
function layoutFor(font: PDFFont, diagonal: string, footer: string, width: number, height: number): Layout {
  // Three faint copies along the page's diagonal, each spanning under half of it so the side copies stay on the page.
  const size = Math.max(8, Math.min(40, (0.42 * Math.hypot(width, height)) / Math.max(1, font.widthOfTextAtSize(diagonal, 1))));
  const footerSize = Math.min(FOOTER_SIZE, (FOOTER_SIZE * (width - 24)) / Math.max(1, font.widthOfTextAtSize(footer, FOOTER_SIZE)));
  return { size, textWidth: font.widthOfTextAtSize(diagonal, size), footerSize, footerWidth: font.widthOfTextAtSize(footer, footerSize) };
}

function stampPage(page: PDFPage, font: PDFFont, diagonal: string, footer: string, layouts: Map<string, Layout>) {
  const { x, y, width, height } = page.getCropBox();
  const sizeKey = `${width}x${height}`;
  let layout = layouts.get(sizeKey);
  if (!layout) layouts.set(sizeKey, (layout = layoutFor(font, diagonal, footer, width, height)));
  const { size, textWidth, footerSize, footerWidth } = layout;
  const angle = Math.atan2(height, width);
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
  page.drawRectangle({ x: x + 8, y: y + 5, width: footerWidth + 8, height: footerSize + 6, color: rgb(1, 1, 1), opacity: 0.75 });
  page.drawText(footer, { x: x + 12, y: y + 8, size: footerSize, font, color: rgb(0.25, 0.25, 0.3) });
}

/**
 * A copy of the PDF with the recipient's line burned into every page: faint diagonal text and a footer. The copy is
 * a new file (lib/platform/pdf/rewrite.ts), not the original with the mark appended: no prefix of it reads without the mark,
 * and the original's earlier revisions are not passed on. The original bytes are not touched (the stored file stays
 * the owner's). pdf-lib wraps each page's original content in q … Q before drawing (PDFPageLeaf.normalize), so a
 * page that leaves its graphics state changed (a transform, a clip) cannot move or hide the mark;
 * tests/lib/domain/files/watermark.test.ts holds it to that.
 */
export async function watermarkPdf(original: Uint8Array, w: Watermark): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false, parseSpeed: ParseSpeeds.Fast });
  const font = await embedDejaVu(doc);
  const diagonal = drawableText(font, watermarkText(w));
  const footer = drawableText(font, watermarkFooter(w));
  const layouts = new Map<string, Layout>();
  for (const page of doc.getPages()) stampPage(page, font, diagonal, footer, layouts);
  return saveRewritten(doc);
}
