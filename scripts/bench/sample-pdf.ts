/**
 * A realistic ~10 MB PDF for the watermark budget: `pages` pages of text, each with its own photo-like JPEG
 * (noise does not compress, so the size is predictable), like a scanned or illustrated pitch deck.
 */
import crypto from "node:crypto";
import sharp from "sharp";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

export async function samplePdf(targetBytes = 10 * 1024 * 1024, pages = 120): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const perImage = Math.floor(targetBytes / pages);
  // A JPEG of random pixels at quality 85 takes ~0.78 bytes per pixel.
  const side = Math.round(Math.sqrt(perImage / 0.78 / 1.5));
  const [w, h] = [Math.round(side * 1.5), side];
  for (let i = 0; i < pages; i++) {
    const raw = crypto.randomBytes(w * h * 3);
    const jpeg = await sharp(raw, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
    const image = await doc.embedJpg(jpeg);
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Section ${i + 1}: market analysis`, { x: 56, y: 780, size: 18, font, color: rgb(0.1, 0.1, 0.2) });
    for (let l = 0; l < 12; l++) {
      page.drawText(`Line ${l + 1} of body text on page ${i + 1}, describing the plan in some detail.`, { x: 56, y: 740 - l * 16, size: 11, font });
    }
    page.drawImage(image, { x: 56, y: 120, width: 483, height: 322 });
  }
  return doc.save();
}
