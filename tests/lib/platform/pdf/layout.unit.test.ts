import { PDFDocument } from "pdf-lib";
import { embedDejaVu } from "@/lib/platform/pdf/fonts";
import { shapeLines, wrapText } from "@/lib/platform/pdf/layout";

/**
 * Wrapping sums the widths of words (one shaping per distinct word) instead of shaping every candidate line. Against
 * the exact wrapping (every candidate shaped whole): the same lines, none wider than the width, no character lost.
 */
describe("wrapText", () => {
  const samples = [
    "This Non-Disclosure Agreement is made between the Discloser and the Recipient identified above concerning the Idea identified above, shared through IdeaVault (the \"Confidential Information\").",
    "3. Non-use. The Recipient shall not use the Confidential Information for any purpose other than evaluating it for a possible collaboration with the Discloser, and shall not develop, file, patent, register or commercialise it or anything derived from it.",
    "Łukasz Дмитрий <lukasz@example.com> accepted at 2026-11-27 12:10:10 UTC from 198.51.100.23",
    "9c2dad2bc12502959568985ba927830a5c4c678e1c0b0c8d332c391e043eeb2b",
    `prefix ${"x".repeat(300)} suffix`,
    "Mozilla/5.0 (X11; Linux x86_64) TestBrowser/99.0 with a rather long user agent string that must wrap across lines",
    "AV WA To Ta Yo P. L' ff fi fl — «quoted» “typographic” ‘marks’ … Ω≈ç√∫",
    "",
  ];

  it.each([
    ["regular", 10, 300],
    ["regular", 8.5, 483],
    ["bold", 14, 200],
    ["regular", 11, 60],
  ] as const)("%s %s pt in %s pt: the exact wrapping's lines, each within the width", async (weight, size, width) => {
    const doc = await PDFDocument.create();
    const font = await embedDejaVu(doc, weight);
    for (const text of samples) {
      const lines = wrapText(text, font, size, width);
      expect(lines).toEqual(shapeLines(text, font, size, width));
      for (const line of lines) expect(font.widthOfTextAtSize(line, size)).toBeLessThanOrEqual(width);
      expect(lines.join("").replace(/ /g, "")).toBe(text.replace(/ /g, ""));
    }
  });
});

/**
 * The shared faces skip positioning (kerning, mark placement), which pdf-lib never reads: the glyphs a line is drawn
 * with are exactly those of fontkit's full layout, in every script the certificates meet.
 */
describe("shared faces", () => {
  const texts = [
    "AV WA To Ta Yo P. L' ff fi fl ffi — «quoted» “typographic” ‘marks’ … Ω≈ç√∫",
    "Łukasz Дмитрий Ἀθῆναι Ελλάδα",
    "e\u0301 a\u0308 n\u0303 combining marks",
    "שלום עולם and مرحبا بالعالم",
    "soft\u00adhyphen zero\u200bwidth",
  ];

  it.each(["regular", "bold"] as const)("%s: the same glyphs as a full layout", async (weight) => {
    const fontkit = (await import("@pdf-lib/fontkit")).default;
    const fs = await import("node:fs");
    const path = await import("node:path");
    const file = weight === "regular" ? "DejaVuSans.ttf" : "DejaVuSans-Bold.ttf";
    const reference = fontkit.create(fs.readFileSync(path.join(process.cwd(), "assets", "fonts", file)));
    const font = await embedDejaVu(await PDFDocument.create(), weight);
    const shared = (font as unknown as { embedder: { font: typeof reference } }).embedder.font;
    expect(shared).not.toBe(reference);
    for (const text of texts) {
      const ids = (face: typeof reference) => face.layout(text).glyphs.map((g) => g.id);
      expect(ids(shared)).toEqual(ids(reference));
      expect(font.widthOfTextAtSize(text, 10)).toBeCloseTo((reference.layout(text).glyphs.reduce((w, g) => w + g.advanceWidth, 0) * 10) / reference.unitsPerEm, 6);
    }
  });
});
