import sharp from "sharp";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

/**
 * What a leaker does to a page image before passing it on, applied with sharp to the image they received (WebP):
 * - `threshold`: the visible mark removed by a lightness threshold: every pixel lighter than `level` (luminance; the
 *   mark's darkest tone is ~206) turns white. It also whitens the paper and the text's palest edges.
 * - `colourKey`: every pixel within `radius` of a pale tone of the mark's ink turns white (the colour-picker attack).
 * - `jpeg`: re-encoded as JPEG at `quality` (4:2:0 chroma, as most tools do).
 * - `scale`: resized by `factor` (Lanczos, sharp's default).
 * - `crop`: a rectangle keeping `keep` of the page's area, of a random shape (each side at least `keep` of the page's)
 *   at a random place.
 * A step list applies them in order; `random` draws the crop's shape and place.
 */
export type LeakStep =
  | { kind: "threshold"; level: number }
  | { kind: "colourKey"; ink: readonly [number, number, number]; radius: number }
  | { kind: "jpeg"; quality: number }
  | { kind: "scale"; factor: number }
  | { kind: "crop"; keep: number };

/** A small deterministic random source (mulberry32), so a trial can be replayed. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function rawOf(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const fromRaw = (data: Buffer, width: number, height: number) => sharp(data, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();

export async function applyLeakSteps(image: Buffer, steps: LeakStep[], random: () => number): Promise<Buffer> {
  let current = image;
  for (const step of steps) {
    if (step.kind === "threshold" || step.kind === "colourKey") {
      const { data, width, height } = await rawOf(current);
      for (let i = 0; i < data.length; i += 3) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        let whiten: boolean;
        if (step.kind === "threshold") whiten = 0.299 * r + 0.587 * g + 0.114 * b > step.level;
        else {
          // Distance from the nearest tint of the ink over white (strength 3–35 %).
          const d = [step.ink[0] - 255, step.ink[1] - 255, step.ink[2] - 255];
          const dd = d[0]! ** 2 + d[1]! ** 2 + d[2]! ** 2;
          const along = Math.min(0.35, Math.max(0.03, ((r - 255) * d[0]! + (g - 255) * d[1]! + (b - 255) * d[2]!) / dd));
          const e = [r - 255 - along * d[0]!, g - 255 - along * d[1]!, b - 255 - along * d[2]!];
          whiten = e[0]! ** 2 + e[1]! ** 2 + e[2]! ** 2 <= step.radius ** 2;
        }
        if (whiten) data[i] = data[i + 1] = data[i + 2] = 255;
      }
      current = await fromRaw(data, width, height);
    } else if (step.kind === "jpeg") {
      current = await sharp(current).jpeg({ quality: step.quality }).toBuffer();
    } else if (step.kind === "scale") {
      const meta = await sharp(current).metadata();
      current = await sharp(current).resize(Math.max(1, Math.round(meta.width! * step.factor)), Math.max(1, Math.round(meta.height! * step.factor)), { fit: "fill" }).png({ compressionLevel: 1 }).toBuffer();
    } else {
      const meta = await sharp(current).metadata();
      const fw = step.keep + (1 - step.keep) * random();
      const fh = step.keep / fw;
      const width = Math.round(meta.width! * fw);
      const height = Math.round(meta.height! * fh);
      const left = Math.floor((meta.width! - width) * random());
      const top = Math.floor((meta.height! - height) * random());
      current = await sharp(current).extract({ left, top, width, height }).png({ compressionLevel: 1 }).toBuffer();
    }
  }
  return current;
}

/** The attacks measured, one by one and combined; `scale` draws its factor in 0.5–1.5. */
export function leakAttacks(random: () => number): Record<string, LeakStep[]> {
  const factor = () => 0.5 + random();
  return {
    "threshold 190": [{ kind: "threshold", level: 190 }],
    "jpeg 70": [{ kind: "jpeg", quality: 70 }],
    "scale 0.5–1.5": [{ kind: "scale", factor: factor() }],
    "crop 60 %": [{ kind: "crop", keep: 0.6 }],
    "all four": [{ kind: "threshold", level: 190 }, { kind: "crop", keep: 0.6 }, { kind: "scale", factor: factor() }, { kind: "jpeg", quality: 70 }],
  };
}

/**
 * A realistic 5-page pitch deck (16:9 slides): a title, bullet points in two sizes and colours, and on most slides a
 * picture (a photo-like gradient with shapes) or a bar chart.
 */
export async function deckPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const titles = ["Ledgerline: audit trails for small clinics", "The problem: records nobody can check", "How it works", "Market and traction", "The ask: $2.4M seed"];
  const bullets = [
    ["Every change to a patient record is signed and timestamped", "Clinics prove compliance in minutes, not weeks", "Runs on the hardware they already own"],
    ["42 % of small clinics failed their last records audit", "Paper logs are edited after the fact, and auditors know it", "Existing tools cost $40k a year and need an IT team", "Fines average $18,000 per finding"],
    ["A tiny agent hashes each record change on the clinic's server", "Hashes are anchored hourly to a public ledger", "Auditors verify any record with a free web page", "No patient data ever leaves the clinic"],
    ["1,900 independent clinics in our first three states", "12 paying pilots, $9,800 monthly recurring revenue", "Net revenue retention 131 %", "Two distribution partners signed"],
    ["18 months of runway to 250 clinics", "Hire 4 engineers and 2 clinic success leads", "SOC 2 Type II by month 9", "Series A at $1.2M ARR"],
  ];
  for (let p = 0; p < 5; p++) {
    const page = doc.addPage([960, 540]);
    page.drawRectangle({ x: 0, y: 500, width: 960, height: 40, color: rgb(0.12, 0.2, 0.38) });
    page.drawText(`Ledgerline · confidential · ${p + 1}/5`, { x: 40, y: 514, size: 12, font: regular, color: rgb(1, 1, 1) });
    page.drawText(titles[p]!, { x: 40, y: 440, size: 30, font: bold, color: rgb(0.08, 0.08, 0.1) });
    const list = bullets[p]!;
    for (const [l, text] of list.entries()) {
      page.drawText(`•  ${text}`, { x: 48, y: 380 - l * 44, size: 17, font: regular, color: l % 2 ? rgb(0.2, 0.22, 0.3) : rgb(0, 0, 0) });
      page.drawText(`Detail ${l + 1}: see the appendix for sources, method and the numbers behind this line.`, { x: 72, y: 360 - l * 44, size: 11, font: regular, color: rgb(0.35, 0.35, 0.4) });
    }
    if (p === 1 || p === 4) {
      page.drawImage(await doc.embedJpg(await photo(p)), { x: 620, y: 60, width: 300, height: 200 });
    } else if (p === 3) {
      const values = [12, 19, 31, 44, 58, 77];
      for (const [i, v] of values.entries()) {
        page.drawRectangle({ x: 640 + i * 45, y: 60, width: 30, height: v * 2.6, color: rgb(0.15 + i * 0.1, 0.45, 0.7 - i * 0.08) });
        page.drawText(`Q${i + 1}`, { x: 644 + i * 45, y: 44, size: 11, font: regular });
      }
    }
    page.drawText("ledgerline.example  ·  founders@ledgerline.example", { x: 40, y: 24, size: 10, font: regular, color: rgb(0.45, 0.45, 0.5) });
  }
  return Buffer.from(await doc.save());
}

/** A photo-like picture: a sky-to-ground gradient, a sun, hills and some texture; the same for the same `seed`. */
async function photo(seed: number): Promise<Buffer> {
  const [w, h] = [600, 400];
  const random = seededRandom(seed);
  const data = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const hill = h * (0.6 + 0.08 * Math.sin(x / 60 + seed));
      const sun = Math.hypot(x - 420, y - 110) < 50;
      const noise = (random() - 0.5) * 18;
      const [r, g, b] = sun ? [250, 220, 120] : y > hill ? [60 + y / 8, 110 + x / 12, 50] : [110 + y / 4, 150 + y / 5, 220 - y / 10];
      const i = (y * w + x) * 3;
      data[i] = Math.max(0, Math.min(255, r + noise));
      data[i + 1] = Math.max(0, Math.min(255, g + noise));
      data[i + 2] = Math.max(0, Math.min(255, b + noise));
    }
  }
  return sharp(data, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}
