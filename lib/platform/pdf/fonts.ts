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

/** Which DejaVu face each embedded font is: the same face measures text the same in every document. */
const faces = new WeakMap<PDFFont, Weight>();

/**
 * One parsed font per face for every document: fontkit parses a face's tables (glyph substitution and positioning)
 * lazily and keeps them, so a server building many certificates parses them once. Each document still gets its own
 * subset; the parsed face is only read.
 */
type Face = ReturnType<typeof fontkit.create>;
const parsedFaces = new WeakMap<Uint8Array, Face>();
const sharedFontkit: typeof fontkit = {
  create(data, postscriptName) {
    if (postscriptName) return fontkit.create(data, postscriptName);
    let face = parsedFaces.get(data);
    if (!face) parsedFaces.set(data, (face = withLayoutCache(withoutPositioning(fontkit.create(data)))));
    return face;
  },
};

/**
 * pdf-lib reads only the glyphs of a laid-out run (their ids, and their advance widths from the font's own metrics),
 * never the positions that GPOS (kerning, mark placement) computes, and the PDF carries no positions either: the
 * positioning pass, about half of fontkit's layout, is skipped. Substitution (ligatures, composed characters) still
 * runs, so the glyphs are exactly those of a full layout; right-to-left runs are still put in visual order.
 */
type LayoutEngine = { engine?: { position?: (run: GlyphRun) => unknown } };
type GlyphRun = { direction: string; glyphs: unknown[]; positions: unknown[] };

function withoutPositioning(face: Face): Face {
  const engine = (face as unknown as { _layoutEngine: LayoutEngine })._layoutEngine.engine;
  if (engine?.position) {
    engine.position = (run) => {
      if (run.direction === "rtl") {
        run.glyphs.reverse();
        run.positions.reverse();
      }
      // "kern applied": the layout engine does not fall back to the old kern table for positions nobody reads.
      return { kern: true };
    };
  }
  return face;
}

/** Laid-out lines kept per face: bounded, the least recently used out (a few MB at most). */
const LAYOUT_CACHE_MAX = 1_000;

/**
 * Shaping a line (fontkit's layout: substitutions and positioning) is most of the cost of drawing it, and documents
 * built from the same texts (every certificate repeats its agreement) shape the same lines. pdf-lib only reads a run's
 * glyphs, so the run of a shared face is shared too; a hit gives exactly what shaping gives.
 */
function withLayoutCache(face: Face): Face {
  const layout = face.layout.bind(face);
  const runs = new Map<string, ReturnType<Face["layout"]>>();
  face.layout = (text, features) => {
    const key = `${features ? JSON.stringify(features) : ""}\u0000${text}`;
    let run = runs.get(key);
    if (run) runs.delete(key); // re-inserted below: a Map keeps insertion order, so the first key is the least recently used
    else {
      run = layout(text, features);
      if (runs.size >= LAYOUT_CACHE_MAX) runs.delete(runs.keys().next().value!);
    }
    runs.set(key, run);
    return run;
  };
  return face;
}

export async function embedDejaVu(doc: PDFDocument, weight: Weight = "regular"): Promise<PDFFont> {
  doc.registerFontkit(sharedFontkit);
  const font = await doc.embedFont(await fontBytes(weight), { subset: true });
  faces.set(font, weight);
  return font;
}

/** A name for the font's face when embedDejaVu made it (so measurements may be shared across documents), else null. */
export function fontFace(font: PDFFont): string | null {
  return faces.get(font) ?? null;
}

/**
 * Text the font can draw: control characters (tabs, stray line breaks) become spaces, and characters DejaVu has no
 * glyph for become "?" rather than an invisible .notdef box.
 */
const characterSets = new WeakMap<PDFFont, Set<number>>();
/** A face's characters, once per process: every document embeds the same faces (thousands of code points each). */
const faceCharacterSets = new Map<Weight, Set<number>>();

function characterSetOf(font: PDFFont): Set<number> {
  const face = faces.get(font);
  const cached = face ? faceCharacterSets.get(face) : characterSets.get(font);
  if (cached) return cached;
  const supported = new Set(font.getCharacterSet());
  if (face) faceCharacterSets.set(face, supported);
  else characterSets.set(font, supported);
  return supported;
}

export function drawableText(font: PDFFont, text: string): string {
  const supported = characterSetOf(font);
  let out = "";
  for (const ch of text.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")) {
    out += supported.has(ch.codePointAt(0)!) ? ch : "?";
  }
  return out;
}
