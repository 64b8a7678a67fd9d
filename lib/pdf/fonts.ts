import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

/**
 * DejaVu Sans (assets/fonts): PDF's standard fonts only encode Windows-1252, so a recipient called "Łukasz" or
 * "Дмитрий" needs an embedded font. Embedded as a subset (a few kB per document); pdf-lib writes a ToUnicode map
 * for it, so the text stays extractable and searchable.
 */
const FONT_FILES = { regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf" } as const;
type Weight = keyof typeof FONT_FILES;

const cache = new Map<Weight, Promise<Buffer>>();

function fontBytes(weight: Weight) {
  let bytes = cache.get(weight);
  if (!bytes) {
    bytes = fs.readFile(path.join(process.cwd(), "assets", "fonts", FONT_FILES[weight]));
    // A failed read is not cached: the next document tries again.
    bytes.catch(() => cache.delete(weight));
    cache.set(weight, bytes);
  }
  return bytes;
}

export async function embedDejaVu(doc: PDFDocument, weight: Weight = "regular"): Promise<PDFFont> {
  doc.registerFontkit(fontkit);
  return doc.embedFont(await fontBytes(weight), { subset: true });
}

/**
 * Text the font can draw: control characters (tabs, stray line breaks) become spaces, and characters DejaVu has no
 * glyph for become "?" rather than an invisible .notdef box.
 */
const characterSets = new WeakMap<PDFFont, Set<number>>();

export function drawableText(font: PDFFont, text: string): string {
  let supported = characterSets.get(font);
  if (!supported) characterSets.set(font, (supported = new Set(font.getCharacterSet())));
  let out = "";
  for (const ch of text.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")) {
    out += supported.has(ch.codePointAt(0)!) ? ch : "?";
  }
  return out;
}
