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
