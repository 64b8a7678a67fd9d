import crypto from "node:crypto";
import path from "node:path";
import sharp from "sharp";
import * as canvas from "@napi-rs/canvas";
import { CODE_AMPLITUDE, INK_LIMIT, codeSigns, embedPageCode } from "@/lib/domain/reader/page-code";
import { codeScore, traceProjections } from "@/lib/domain/reader/trace-detect";
import { matchThreshold, matchViews } from "@/lib/domain/reader/trace-score";
import { applyLeakSteps, seededRandom } from "./leak-attacks";

const keyOf = (label: string) => crypto.createHash("sha256").update(label).digest();

/** A slide-shaped page, 800 × 450: a dark title bar, a heading and lines of text, a grey box. Raw RGBA. */
function slide(): { data: Uint8Array; width: number; height: number } {
  canvas.GlobalFonts.registerFromPath(path.join(process.cwd(), "assets", "fonts", "DejaVuSans.ttf"), "Code Test Page");
  const page = canvas.createCanvas(800, 450);
  const context = page.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, 800, 450);
  context.fillStyle = "#1f3361";
  context.fillRect(0, 0, 800, 34);
  context.fillStyle = "#111111";
  context.font = 'bold 26px "Code Test Page"';
  context.fillText("The problem: records nobody can check", 30, 80);
  context.font = '15px "Code Test Page"';
  for (let line = 0; line < 9; line++) context.fillText(`•  Line ${line + 1}: clinics prove compliance in minutes, not weeks, with signed logs`, 36, 125 + line * 34);
  context.fillStyle = "#7a8699";
  context.fillRect(560, 300, 200, 110);
  return { data: new Uint8Array(page.data()), width: 800, height: 450 };
}

const png = (image: { data: Uint8Array; width: number; height: number }) => sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 4 } }).removeAlpha().png().toBuffer();

describe("embedPageCode", () => {
  it("only lightens ink and mid-tones, by at most twice the amplitude, and leaves paper alone", () => {
    const page = slide();
    const coded = Uint8Array.from(page.data);
    embedPageCode(coded, page.width, page.height, codeSigns(keyOf("a")));
    let changed = 0;
    let outOfRange = 0;
    let paperChanged = 0;
    const limit = 2 * CODE_AMPLITUDE;
    for (let i = 0; i < coded.length; i += 4) {
      const paper = page.data[i]! >= INK_LIMIT && page.data[i + 1]! >= INK_LIMIT && page.data[i + 2]! >= INK_LIMIT;
      for (let c = 0; c < 3; c++) {
        const delta = coded[i + c]! - page.data[i + c]!;
        if (delta < 0 || delta > limit) outOfRange++;
        if (delta) changed++;
        if (delta && paper) paperChanged++;
      }
    }
    expect({ outOfRange, paperChanged }).toEqual({ outOfRange: 0, paperChanged: 0 });
    expect(changed).toBeGreaterThan(10_000);
  });

  it("writes the same code for the same key and another for another key", () => {
    const page = slide();
    const [a1, a2, b] = [Uint8Array.from(page.data), Uint8Array.from(page.data), Uint8Array.from(page.data)];
    embedPageCode(a1, page.width, page.height, codeSigns(keyOf("a")));
    embedPageCode(a2, page.width, page.height, codeSigns(keyOf("a")));
    embedPageCode(b, page.width, page.height, codeSigns(keyOf("b")));
    expect(Buffer.from(a1).equals(Buffer.from(a2))).toBe(true);
    expect(Buffer.from(a1).equals(Buffer.from(b))).toBe(false);
  });
});

describe("tracing a coded page", () => {
  const views = ["a", "b", "c", "d"].map((id) => ({ id, signs: codeSigns(keyOf(id)) }));

  it("names the view whose code a thresholded, cropped, scaled JPEG copy carries, and no view for the unmarked page", async () => {
    const page = slide();
    const reference = await png(page);
    const coded = Uint8Array.from(page.data);
    embedPageCode(coded, page.width, page.height, views[2]!.signs);
    const random = seededRandom(7);
    const leak = await applyLeakSteps(
      await png({ ...page, data: coded }),
      [{ kind: "threshold", level: 190 }, { kind: "crop", keep: 0.6 }, { kind: "scale", factor: 1.3 }, { kind: "jpeg", quality: 70 }],
      random,
    );
    const hypotheses = await traceProjections(leak, [reference]);
    expect(hypotheses[0]).toMatchObject({ ref: 0 });
    // Within 0.5 %: a wider error shifts the far side of the leak by a good part of a code cell.
    expect(hypotheses[0]!.scale).toBeCloseTo(1.3, 2);
    const matches = matchViews(hypotheses.map((h) => ({ projection: h.projection, views })), codeScore);
    expect(matches.map((m) => m.viewId)).toEqual(["c"]);
    expect(matches[0]!.score).toBeGreaterThan(matchThreshold(hypotheses.length * views.length));

    const unmarked = await applyLeakSteps(reference, [{ kind: "jpeg", quality: 70 }], random);
    expect(matchViews((await traceProjections(unmarked, [reference])).map((h) => ({ projection: h.projection, views })), codeScore)).toEqual([]);
  });

  it("finds no page in an image that is none of them", async () => {
    const noise = await sharp(Buffer.from(Array.from({ length: 240 * 160 * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: 240, height: 160, channels: 3 } }).png().toBuffer();
    const hypotheses = await traceProjections(noise, [await png(slide())]);
    expect(matchViews(hypotheses.map((h) => ({ projection: h.projection, views })), codeScore)).toEqual([]);
  });
});
