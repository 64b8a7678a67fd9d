import fs from "node:fs";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { degrees, PDFDocument, rgb, StandardFonts } from "pdf-lib";
import * as canvas from "@napi-rs/canvas";

/**
 * Three pages of different sizes: A4 portrait in Helvetica, a US-letter page turned by /Rotate 90 in an embedded
 * TrueType font (DejaVu Sans, as a subset), and a small square page. Each is covered in dark text, so a blank
 * rendering shows in the pixels.
 */
export async function mixedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const dejavu = await doc.embedFont(fs.readFileSync(path.join(process.cwd(), "assets/fonts/DejaVuSans.ttf")), { subset: true });
  const a4 = doc.addPage([595.28, 841.89]);
  for (let l = 0; l < 40; l++) a4.drawText(`Line ${l + 1}: the quick brown fox jumps over the lazy dog, page one.`, { x: 40, y: 800 - l * 18, size: 12, font: helvetica, color: rgb(0, 0, 0) });
  const letter = doc.addPage([612, 792]);
  letter.setRotation(degrees(90));
  for (let l = 0; l < 40; l++) letter.drawText(`Zeile ${l + 1}: Łukasz Дмитрий — embedded font`, { x: 40, y: 760 - l * 18, size: 12, font: dejavu });
  const square = doc.addPage([300, 300]);
  square.drawText("Small", { x: 20, y: 140, size: 40, font: helvetica });
  return Buffer.from(await doc.save());
}

/** Dimensions and pixels of an encoded image, decoded by the canvas library (not by our own code path). */
export async function decode(image: Buffer) {
  const img = await canvas.loadImage(image);
  const c = canvas.createCanvas(img.width, img.height);
  const ctx = c.getContext("2d");
  ctx.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, pixels: ctx.getImageData(0, 0, img.width, img.height).data };
}

/** Sum of darkness (255 − mean of R, G, B) over a band of rows [from, to) of a decoded image. */
export function darkness(img: { width: number; pixels: Uint8ClampedArray }, from: number, to: number) {
  let sum = 0;
  for (let y = from; y < to; y++) {
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      sum += 255 - (img.pixels[i]! + img.pixels[i + 1]! + img.pixels[i + 2]!) / 3;
    }
  }
  return sum;
}

export function isWebp(image: Buffer) {
  return image.subarray(0, 4).toString("latin1") === "RIFF" && image.subarray(8, 12).toString("latin1") === "WEBP";
}
