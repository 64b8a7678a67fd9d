import "server-only";
import path from "node:path";
import * as canvas from "@napi-rs/canvas";
import { watermarkFooter, watermarkText, type Watermark } from "@/lib/files/watermark-text";
import { encodeWebp } from "@/lib/reader/webp";

/** Raw pixels (RGBA, 4 bytes a pixel), e.g. a canvas's `data()`. */
export type RawImage = { data: Uint8Array; width: number; height: number };

/**
 * The same line the recipient's PDF and HTML views carry (lib/files/watermark-text.ts), drawn with DejaVu Sans
 * (assets/fonts) so names in any script show, never a missing-glyph box.
 */
const FONT_FAMILY = "IdeaVault Mark";
let fontRegistered = false;

function registerFont() {
  if (fontRegistered) return;
  canvas.GlobalFonts.registerFromPath(path.join(process.cwd(), "assets", "fonts", "DejaVuSans.ttf"), FONT_FAMILY);
  fontRegistered = true;
}

const TILE_OPACITY = 0.16;
const ANGLE = -Math.PI / 6;

async function toCanvas(image: Buffer | RawImage): Promise<canvas.Canvas> {
  if (Buffer.isBuffer(image)) {
    const decoded = await canvas.loadImage(image);
    const target = canvas.createCanvas(decoded.width, decoded.height);
    target.getContext("2d").drawImage(decoded, 0, 0);
    return target;
  }
  const target = canvas.createCanvas(image.width, image.height);
  const data = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  target.getContext("2d").putImageData(new canvas.ImageData(data, image.width, image.height), 0, 0);
  return target;
}

/** The identity line repeated faintly across the whole page, on a slant, in staggered rows. */
function drawTiles(context: canvas.SKRSContext2D, text: string, width: number, height: number) {
  const size = Math.max(11, Math.round(width / 46));
  context.save();
  context.font = `${size}px "${FONT_FAMILY}"`;
  context.fillStyle = `rgba(140, 26, 26, ${TILE_OPACITY})`;
  context.textBaseline = "middle";
  const step = context.measureText(text).width + size * 3;
  const rowGap = size * 5;
  context.translate(width / 2, height / 2);
  context.rotate(ANGLE);
  // Rows over the page's diagonal in both directions, so the rotated grid covers every corner.
  const reach = Math.hypot(width, height) / 2;
  let row = 0;
  for (let y = -reach; y <= reach; y += rowGap, row++) {
    const offset = (row % 2) * (step / 2);
    for (let x = -reach - step + offset; x <= reach; x += step) context.fillText(text, x, y);
  }
  context.restore();
}

/** Who, under which terms and when, in a legible band along the bottom edge. */
function drawFooter(context: canvas.SKRSContext2D, text: string, width: number, height: number) {
  const margin = Math.max(6, Math.round(width / 100));
  let size = Math.max(9, Math.round(width / 80));
  context.font = `${size}px "${FONT_FAMILY}"`;
  const measured = context.measureText(text).width;
  if (measured > width - 4 * margin) {
    size = Math.max(6, Math.floor((size * (width - 4 * margin)) / measured));
    context.font = `${size}px "${FONT_FAMILY}"`;
  }
  const band = Math.round(size * 1.9);
  context.fillStyle = "rgba(255, 255, 255, 0.85)";
  context.fillRect(margin, height - band - margin, Math.min(width - 2 * margin, context.measureText(text).width + 2 * margin), band);
  context.fillStyle = "rgb(64, 64, 77)";
  context.textBaseline = "middle";
  context.fillText(text, 2 * margin, height - margin - band / 2);
}

/**
 * A page image (WebP/PNG bytes or raw RGBA) with the recipient's identity burned into its pixels: the line
 * "name · e-mail · access time UTC" repeated faintly across the page, and a footer saying it was shared under NDA
 * with them, so a screenshot or a saved image carries it. Returns WebP. The owner's own preview is never marked.
 */
export async function markPageImage(image: Buffer | RawImage, mark: Watermark): Promise<Buffer> {
  registerFont();
  const target = await toCanvas(image);
  const context = target.getContext("2d");
  drawTiles(context, watermarkText(mark), target.width, target.height);
  drawFooter(context, watermarkFooter(mark), target.width, target.height);
  return encodeWebp(target, "marked");
}
