import fs from "node:fs";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { errorToResponse } from "@/lib/platform/http/errors";
import { DEJAVU_SANS_CHARACTERS, foldConfusables, printedLine, unprintableCharacter } from "@/lib/domain/validation/printable-text";
import { recipientFormSchema } from "@/lib/domain/validation/sharing";

/** The font's code points as DEJAVU_SANS_CHARACTERS writes them (gap from the previous range's end, "+" length − 1, base 36). */
function encodeCharacterSet(codePoints: number[]): string {
  const ranges: [number, number][] = [];
  for (const c of [...codePoints].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && last[1] === c - 1) last[1] = c;
    else ranges.push([c, c]);
  }
  let previousEnd = 0;
  return ranges
    .map(([start, end]) => {
      const entry = (start - previousEnd).toString(36) + (end > start ? `+${(end - start).toString(36)}` : "");
      previousEnd = end;
      return entry;
    })
    .join(",");
}

describe("what the agreement and its certificate print", () => {
  it("knows exactly the characters of the certificate's font (assets/fonts/DejaVuSans.ttf)", () => {
    const face = fontkit.create(fs.readFileSync(path.join(process.cwd(), "assets", "fonts", "DejaVuSans.ttf")));
    // On a new font file: paste the value this prints into lib/domain/validation/printable-text.ts.
    expect(DEJAVU_SANS_CHARACTERS).toBe(encodeCharacterSet((face as unknown as { characterSet: number[] }).characterSet));
  });

  it("folds look-alike brackets and colons to the plain characters, after NFKC", () => {
    // Full-width, small and vertical forms (NFKC) and the brackets NFKC leaves alone.
    expect(foldConfusables("［Recipient e-mail： x］ ﹝a﹞ ︻b︼ ﹙c﹚ （d） ｛e｝")).toBe("[Recipient e-mail: x] (a) (b) (c) (d) {e}");
    expect(foldConfusables("〔〕【】〖〗〘〙〚〛⟦⟧⟨⟩⦃⦄〈〉《》「」『』⌈⌉⁅⁆❲❳")).toBe("()".repeat(15));
    expect(foldConfusables("«a» ‹b›")).toBe(`"a" 'b'`);
    for (const colon of ["∶", "꞉", "︓", "﹕", "：", "˸", "⁚"]) expect(foldConfusables(`a${colon}b`)).toBe("a:b");
    // Ordinary text is left as it is: ASCII brackets, quotation marks (also the low ones that Unicode calls opening).
    for (const plain of ["Zoë O'Brien-Łukasz", "„Kettle“ ‚k‘ “q” ’", "محمد علي", "李小龍", "(a) [b] {c} <d>"]) expect(foldConfusables(plain)).toBe(plain);
    expect(printedLine("Sam ［CEO］\nBoss")).toBe("Sam [CEO]\\u000ABoss");
  });

  it("counts the symbols the font cannot draw once folded, not letters of scripts it lacks", () => {
    for (const ok of ["Sam ［Recipient e-mail: ceo@bigcorp.com］", "Zoë Ωmega", "Łukasz Дмитрий", "李小龍", "Ｊｏｈｎ　Ｓｍｉｔｈ", "〔Sam〕∶ ꞉"])
      expect([ok, unprintableCharacter(ok)]).toEqual([ok, null]);
    // Drawn as "?" by the certificate: a bird, CJK punctuation, an invisible operator. A colon look-alike the font
    // lacks is folded, so it prints.
    expect(unprintableCharacter("Sam 🐦")).toBe("🐦");
    expect(unprintableCharacter("Sam、Bob")).toBe("、");
    expect(unprintableCharacter("Sam\u180eBob")).toBe("\u180e");
    expect(unprintableCharacter("a᠄b")).toBe(null);
  });

  it("refuses such a name when the recipient identifies, with a 400 naming the character", async () => {
    const parse = (name: string) => recipientFormSchema.parse({ name, email: "sam@example.com" });
    expect(parse("  Sam ［CEO］ ").name).toBe("Sam ［CEO］");
    let error: unknown;
    try {
      parse("Sam 🐦 Bird");
    } catch (err) {
      error = err;
    }
    const res = errorToResponse(error);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('The name contains a character that cannot be printed on the agreement: "🐦" (U+1F426).');
    // A line break keeps its own message.
    expect(() => parse("Sam\n🐦")).toThrow("Name cannot contain line breaks or control characters.");
  });
});
