import "server-only";
import { createHash } from "node:crypto";
import path from "node:path";
import * as canvas from "@napi-rs/canvas";
import { watermarkFooter, watermarkText, type Watermark } from "@/lib/domain/files/watermark-text";
import { encodeWebp } from "@/lib/domain/reader/webp";
import { embedPageCode } from "@/lib/domain/reader/page-code";

/** Raw pixels (RGBA, 4 bytes a pixel), e.g. a canvas's `data()`. */
export type RawImage = { data: Uint8Array; width: number; height: number };

/**
 * The same line the recipient's PDF and HTML views carry (lib/domain/files/watermark-text.ts), drawn with DejaVu Sans
 * (assets/fonts) so names in any script show, never a missing-glyph box.
 */
const FONT_FAMILY = "IdeaVault Mark";
let fontRegistered = false;

function registerFont() {
  if (fontRegistered) return;
  canvas.GlobalFonts.registerFromPath(path.join(process.cwd(), "assets", "fonts", "DejaVuSans.ttf"), FONT_FAMILY);
  fontRegistered = true;
}

type Rgb = readonly [number, number, number];

/**
 * Dark tones documents print their text in (greys, ink blue, green, oxblood, brown, slate, plum). A view's mark is
 * pale shades of one of them, so no colour key tells it from the text, as one could a single fixed red.
 */
const INKS: readonly Rgb[] = [
  [34, 34, 38],
  [56, 56, 62],
  [30, 42, 92],
  [24, 64, 46],
  [98, 28, 32],
  [84, 58, 34],
  [58, 68, 84],
  [74, 36, 78],
];

/**
 * How far from white towards the ink each copy of the line is: 11–21 %, about as faint as the 16 % tint it replaces,
 * and different from copy to copy, so no one grey level separates every copy from the page.
 */
const STRENGTH = [0.11, 0.21] as const;

/** What a view's mark looks like, chosen from the view alone (markStyle): the same view is always drawn the same. */
export type MarkStyle = {
  ink: Rgb;
  /** Radians: the rows rise or fall 15–40° from the horizontal. */
  angle: number;
  /** Font size as a fraction of the page's width. */
  size: number;
  /** Space between two copies in a row, and from row to row, in font sizes. */
  gap: number;
  rowGap: number;
  /** Where the grid starts (fractions of one copy's length and of the row spacing) and how far odd rows shift. */
  shift: number;
  lift: number;
  stagger: number;
  /** The copies' strengths (STRENGTH), one after another, over and over across the page. */
  strengths: number[];
};

/**
 * Numbers in [0, 1) that depend on nothing but the view (who, and when their view began): SHA-256 in counter mode.
 * A reload shows the same image; another recipient, or the same one's next view, a different colour and layout.
 */
function viewRandom(mark: Watermark) {
  const seed = `ideavault page mark\n${mark.name}\n${mark.email}\n${mark.accessedAt.toISOString()}`;
  let block = Buffer.alloc(0);
  let counter = 0;
  let at = 0;
  return () => {
    if (at + 4 > block.length) {
      block = createHash("sha256").update(`${seed}\n${counter++}`).digest();
      at = 0;
    }
    const value = block.readUInt32BE(at) / 2 ** 32;
    at += 4;
    return value;
  };
}

export function markStyle(mark: Watermark): MarkStyle {
  const random = viewRandom(mark);
  const between = (low: number, high: number) => low + (high - low) * random();
  const base = INKS[Math.floor(random() * INKS.length)]!;
  const jitter = (c: number) => Math.round(Math.min(255, Math.max(0, c + between(-10, 10))));
  return {
    ink: [jitter(base[0]), jitter(base[1]), jitter(base[2])],
    angle: (random() < 0.5 ? -1 : 1) * between(15, 40) * (Math.PI / 180),
    size: between(1 / 52, 1 / 40),
    gap: between(2, 4),
    rowGap: between(4, 6),
    shift: random(),
    lift: random(),
    stagger: between(0.3, 0.7),
    strengths: Array.from({ length: 24 }, () => between(...STRENGTH)),
  };
}

/** One copy's flat colour: `strength` of the way from white to the ink. */
function tone(ink: Rgb, strength: number) {
  const [r, g, b] = ink.map((c) => Math.round(255 - strength * (255 - c)));
  return `rgb(${r}, ${g}, ${b})`;
}

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

/**
 * The identity line repeated across the whole page on a slant, in staggered rows, each copy painted opaquely in one
 * pale tone. On paper that reads as a faint tint; where it crosses text it replaces the text's dark pixels with the
 * same pale tone. A translucent tint in one fixed red left the text under it dark and had a colour found nowhere
 * else on the page, so keying that colour out gave back the unmarked page. This mark has neither: a threshold that
 * keeps only text-dark pixels keeps its shape cut through the text, and one that whitens its tones whitens those
 * strokes of the text with it.
 */
function drawTiles(context: canvas.SKRSContext2D, text: string, width: number, height: number, style: MarkStyle) {
  const size = Math.max(11, Math.round(width * style.size));
  context.save();
  context.font = `${size}px "${FONT_FAMILY}"`;
  context.textBaseline = "middle";
  const step = context.measureText(text).width + size * style.gap;
  const rowGap = size * style.rowGap;
  context.translate(width / 2, height / 2);
  context.rotate(style.angle);
  // Rows over the page's diagonal in both directions, so the rotated grid covers every corner.
  const reach = Math.hypot(width, height) / 2;
  let row = 0;
  let tile = 0;
  for (let y = -reach - rowGap * style.lift; y <= reach; y += rowGap, row++) {
    const offset = step * (style.shift + (row % 2) * style.stagger);
    for (let x = -reach - 2 * step + offset; x <= reach; x += step, tile++) {
      context.fillStyle = tone(style.ink, style.strengths[tile % style.strengths.length]!);
      context.fillText(text, x, y);
    }
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
 * with them, so a screenshot or a saved image carries it. Colour, slant and grid come from the view (markStyle), so
 * one view's image is always the same and no two views share a mark to key on. Returns WebP. The owner's own preview
 * is never marked.
 *
 * `code`: the view's signs (page-code.ts), written invisibly into the page's ink before the mark is drawn, so a copy
 * with the mark taken off still names the view (lib/domain/reader/trace.ts).
 */
export async function markPageImage(image: Buffer | RawImage, mark: Watermark, code?: Int8Array): Promise<Buffer> {
  registerFont();
  const target = await toCanvas(image);
  const context = target.getContext("2d");
  if (code) {
    const pixels = context.getImageData(0, 0, target.width, target.height);
    embedPageCode(pixels.data, target.width, target.height, code);
    context.putImageData(pixels, 0, 0);
  }
  drawTiles(context, watermarkText(mark), target.width, target.height, markStyle(mark));
  drawFooter(context, watermarkFooter(mark), target.width, target.height);
  return encodeWebp(target, "marked");
}
