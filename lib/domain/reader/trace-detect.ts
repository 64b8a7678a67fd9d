import sharp, { type OutputInfo } from "sharp";
import { CODE_AMPLITUDE, CODE_COLUMNS, cellBlend, codeGrid, inkWeight } from "@/lib/domain/reader/page-code";

/**
 * Finds where a leaked page image comes from and measures what is left of the invisible code in it (page-code.ts).
 * Runs in a render process (lib/domain/reader/render-worker.ts): decoding an uploaded image and searching over every
 * page and scale is seconds of CPU at worst, and the process's budget bounds it.
 *
 * 1. Alignment. The leak may be any crop of a page (keeping 40 % of a side or more), scaled by any factor. Both the
 *    leak and each unmarked page are reduced to "ink" (darkness beyond the pale tones of the visible mark, so a mark
 *    present or thresholded away looks the same) and matched by normalised cross-correlation, coarse to fine: every
 *    page and scale at ~48 px, the best few at ~128 px, the best at ~320 px and then ~640 px with sub-pixel offsets.
 * 2. Projection. On the aligned grid, the leak minus the page as the code leaves it on average (the mean lift),
 *    clipped so the visible mark's large differences count no more than noise, weighted by where the code was
 *    written (inkWeight) and by how little an alignment error there would change the page (edgeTrust) and projected onto each code cell (the same bilinear blend the embedding used). The server
 *    then scores each view: Σ sign·projection / ‖projection‖, a z-score whose chance of reaching t for an unrelated
 *    view is below exp(−t²/2) whatever the image (the signs are independent fair coins), see trace.ts.
 */

/** Largest leaked image decoded, in pixels (a decompression bomb is refused from its header). */
export const MAX_LEAK_PIXELS = 40_000_000;
/** A decoded leak is reduced to this side first: the code lives in patterns tens of pixels wide. */
const WORKING_SIDE = 2400;
/** The crop may keep as little as this share of the page's width or height. */
const MIN_SIDE_KEPT = 0.4;

export type Gray = { data: Float32Array; width: number; height: number };

export type TraceHypothesis = {
  /** Index of the reference page in the job's list. */
  ref: number;
  /** Normalised cross-correlation of the ink at the finest level (1: identical). */
  ncc: number;
  /** Leak pixels per reference pixel, and the reference coordinates of the leak's top-left corner. */
  scale: number;
  x: number;
  y: number;
  /** The projection onto each code cell, row after row (CODE_COLUMNS a row); `rows` rows. */
  projection: Float64Array;
  rows: number;
};

export class UnreadableImageError extends Error {
  override name = "UnreadableImageError";
  status = 400;
}

/** Luminance of an opaque RGB raw image (transparent pixels are put on white first). */
export async function decodeLuminance(bytes: Uint8Array, maxSide: number): Promise<Gray> {
  let raw: { data: Buffer; info: OutputInfo };
  try {
    raw = await sharp(bytes, { limitInputPixels: MAX_LEAK_PIXELS, failOn: "error" })
      .rotate()
      .flatten({ background: "#ffffff" })
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true, kernel: "linear" })
      .removeAlpha()
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    const message = String((err as Error)?.message ?? err);
    if (/pixel limit/i.test(message)) throw new UnreadableImageError("This image is too large: at most 40 megapixels");
    throw new UnreadableImageError("This file is not a readable PNG, JPEG or WebP image");
  }
  const { width, height, channels } = raw.info;
  const out = new Float32Array(width * height);
  const d = raw.data;
  for (let i = 0, j = 0; j < out.length; i += channels, j++) out[j] = 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;
  return { data: out, width, height };
}

/**
 * Area-average resampling: destination pixel (i, j) is the mean of the source over [x0 + i·step, x0 + (i+1)·step) ×
 * [y0 + j·step, …), source coordinates in pixels; outside the source counts as `fill`. Separable, one pass each way.
 */
export function resample(src: Gray, fill: number, x0: number, y0: number, step: number, width: number, height: number): Gray {
  const horizontal = axisWeights(src.width, x0, step, width);
  const vertical = axisWeights(src.height, y0, step, height);
  // Rows of the source that any destination row needs, resampled horizontally.
  const tmp = new Float32Array(src.height * width);
  for (let y = 0; y < src.height; y++) {
    const row = y * src.width;
    for (let i = 0; i < width; i++) {
      const w = horizontal[i]!;
      let sum = w.outside * fill;
      for (let k = 0; k < w.index.length; k++) sum += src.data[row + w.index[k]!]! * w.weight[k]!;
      tmp[y * width + i] = sum;
    }
  }
  const out = new Float32Array(width * height);
  for (let j = 0; j < height; j++) {
    const w = vertical[j]!;
    for (let i = 0; i < width; i++) {
      let sum = w.outside * fill;
      for (let k = 0; k < w.index.length; k++) sum += tmp[w.index[k]! * width + i]! * w.weight[k]!;
      out[j * width + i] = sum;
    }
  }
  return { data: out, width, height };
}

type AxisWeight = { index: Int32Array; weight: Float32Array; outside: number };

function axisWeights(size: number, start: number, step: number, count: number): AxisWeight[] {
  const weights: AxisWeight[] = [];
  for (let i = 0; i < count; i++) {
    const a = start + i * step;
    const b = a + step;
    const index: number[] = [];
    const weight: number[] = [];
    let inside = 0;
    for (let p = Math.max(0, Math.floor(a)); p < Math.min(size, Math.ceil(b)); p++) {
      const cover = Math.min(b, p + 1) - Math.max(a, p);
      if (cover <= 0) continue;
      index.push(p);
      weight.push(cover / step);
      inside += cover;
    }
    weights.push({ index: Int32Array.from(index), weight: Float32Array.from(weight), outside: (step - inside) / step });
  }
  return weights;
}

/** Ink: darkness beyond the visible mark's palest-to-darkest tones (luminance 206–240), so thresholding it off changes little. */
const INK_FROM = 200;
function inkOf(image: Gray): Gray {
  const data = new Float32Array(image.data.length);
  for (let i = 0; i < data.length; i++) {
    const v = INK_FROM - image.data[i]!;
    data[i] = v > 0 ? v : 0;
  }
  return { ...image, data };
}

/** An image reduced so its longer side is about `side` px (never enlarged). */
function reduced(image: Gray, side: number): { image: Gray; factor: number } {
  const factor = Math.min(1, side / Math.max(image.width, image.height));
  if (factor === 1) return { image, factor };
  const width = Math.max(1, Math.round(image.width * factor));
  const step = image.width / width;
  return { image: resample(image, 0, 0, 0, step, width, Math.round(image.height / step) || 1), factor: 1 / step };
}

type Match = { ncc: number; dx: number; dy: number; ddx: number; ddy: number };

/**
 * Normalised cross-correlation of `small` at every integer offset (dx, dy) ∈ [x0, x1] × [y0, y1] in `big` (offsets
 * may reach past big's edges: outside is 0, paper). Returns the best, with a sub-pixel correction from a parabola
 * through its neighbours.
 */
function bestOffset(small: Gray, big: Gray, x0: number, x1: number, y0: number, y1: number): Match {
  const n = small.width * small.height;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += small.data[i]!;
  mean /= n;
  const zs = new Float32Array(n);
  let ss = 0;
  for (let i = 0; i < n; i++) {
    zs[i] = small.data[i]! - mean;
    ss += zs[i]! * zs[i]!;
  }
  const cols = x1 - x0 + 1;
  const rows = y1 - y0 + 1;
  const scores = new Float32Array(cols * rows).fill(-1);
  if (ss <= 1e-6) return { ncc: 0, dx: x0, dy: y0, ddx: 0, ddy: 0 };
  const { width: bw, height: bh, data: bd } = big;
  const sw = small.width;
  const sh = small.height;
  let best = -2;
  let bx = x0;
  let by = y0;
  for (let dy = y0; dy <= y1; dy++) {
    for (let dx = x0; dx <= x1; dx++) {
      let cross = 0;
      let sum = 0;
      let sq = 0;
      for (let y = 0; y < sh; y++) {
        const by2 = y + dy;
        if (by2 < 0 || by2 >= bh) continue;
        const srow = y * sw;
        const brow = by2 * bw;
        const xs = dx < 0 ? -dx : 0;
        const xe = sw + dx > bw ? bw - dx : sw;
        for (let x = xs; x < xe; x++) {
          const v = bd[brow + x + dx]!;
          cross += zs[srow + x]! * v;
          sum += v;
          sq += v * v;
        }
      }
      const variance = sq - (sum * sum) / n;
      const ncc = variance > 1e-6 ? cross / Math.sqrt(ss * variance) : 0;
      scores[(dy - y0) * cols + (dx - x0)] = ncc;
      if (ncc > best) {
        best = ncc;
        bx = dx;
        by = dy;
      }
    }
  }
  const at = (dx: number, dy: number) => (dx < x0 || dx > x1 || dy < y0 || dy > y1 ? null : scores[(dy - y0) * cols + (dx - x0)]!);
  const vertex = (l: number | null, c: number, r: number | null) => {
    if (l === null || r === null) return 0;
    const d = l - 2 * c + r;
    return d < 0 ? Math.max(-0.5, Math.min(0.5, (l - r) / (2 * d))) : 0;
  };
  return { ncc: best, dx: bx, dy: by, ddx: vertex(at(bx - 1, by), best, at(bx + 1, by)), ddy: vertex(at(bx, by - 1), best, at(bx, by + 1)) };
}

type Reference = { lum: Gray; ink: Gray; coarse: { image: Gray; factor: number }; middle: { image: Gray; factor: number } };
type Candidate = { ref: number; scale: number; x: number; y: number; ncc: number };

/**
 * Matches the leak's ink at one level against reference `ref` drawn at `scale` (leak px per reference px), over
 * offsets around `around` (reference coordinates of the leak's corner) ± `reach` level pixels, or everywhere the leak
 * fits in the page when `around` is null.
 */
function matchAt(leak: { image: Gray; factor: number }, source: { image: Gray; factor: number }, refWidth: number, refHeight: number, scale: number, around: { x: number; y: number } | null, reach: number): Candidate | null {
  // Reference pixels per level pixel: the level is the leak reduced by `leak.factor`.
  const perLevel = 1 / (scale * leak.factor);
  const step = perLevel * source.factor;
  const width = Math.ceil(refWidth / perLevel);
  const height = Math.ceil(refHeight / perLevel);
  if (width < 4 || height < 4) return null;
  const level = resample(source.image, 0, 0, 0, step, width, height);
  const slack = 1;
  let x0: number, x1: number, y0: number, y1: number;
  if (around) {
    const cx = Math.round(around.x / perLevel);
    const cy = Math.round(around.y / perLevel);
    [x0, x1, y0, y1] = [cx - reach, cx + reach, cy - reach, cy + reach];
  } else {
    [x0, x1, y0, y1] = [-slack, width - leak.image.width + slack, -slack, height - leak.image.height + slack];
    if (x1 < x0 || y1 < y0) return null;
  }
  const m = bestOffset(leak.image, level, x0, x1, y0, y1);
  return { ref: -1, scale, x: (m.dx + m.ddx) * perLevel, y: (m.dy + m.ddy) * perLevel, ncc: m.ncc };
}

const COARSE_SIDE = 32;
const MIDDLE_SIDE = 128;
const FINE_SIDE = 320;
const FINEST_SIDE = 640;

/** The leak's place in each reference page: the best alignments found, best first. */
function align(leak: Gray, refs: Reference[], keep: number): Candidate[] {
  const leakInk = inkOf(leak);
  const coarse = reduced(leakInk, COARSE_SIDE);
  const middle = reduced(leakInk, MIDDLE_SIDE);
  const fine = reduced(leakInk, FINE_SIDE);
  const found: Candidate[] = [];
  for (const [index, ref] of refs.entries()) {
    const { width, height } = ref.lum;
    // The leak fits in the page: at least this scale; and keeps at least MIN_SIDE_KEPT of a side: at most that.
    const least = Math.max(leak.width / width, leak.height / height) * 0.97;
    const most = least / 0.97 / MIN_SIDE_KEPT;
    const perPage: Candidate[] = [];
    for (let scale = least; scale <= most; scale *= 1.04) {
      const c = matchAt(coarse, ref.coarse, width, height, scale, null, 0);
      if (c) perPage.push({ ...c, ref: index });
    }
    perPage.sort((a, b) => b.ncc - a.ncc);
    // Peaks at clearly different scales: neighbouring scales of one peak add nothing.
    const peaks: Candidate[] = [];
    for (const c of perPage) {
      if (peaks.length >= 2) break;
      if (peaks.every((p) => Math.abs(Math.log(p.scale / c.scale)) > 0.08)) peaks.push(c);
    }
    found.push(...peaks);
  }
  found.sort((a, b) => b.ncc - a.ncc);
  const refine = (candidates: Candidate[], level: { image: Gray; factor: number }, spread: number, stepScale: number, reach: number, source: (r: Reference) => { image: Gray; factor: number }) =>
    candidates
      .map((c) => {
        const ref = refs[c.ref]!;
        let best: Candidate = { ...c, ncc: -2 };
        let centre = c;
        // A best scale at the edge of the range searched may lie beyond it: search again around it (a few times).
        for (let round = 0; round < 3; round++) {
          let edge = false;
          for (let k = -spread; k <= spread; k++) {
            const scale = centre.scale * (1 + k * stepScale);
            const m = matchAt(level, source(ref), ref.lum.width, ref.lum.height, scale, centre, reach);
            if (m && m.ncc > best.ncc) {
              best = { ...m, ref: c.ref };
              edge = Math.abs(k) === spread;
            }
          }
          if (!edge) break;
          centre = best;
        }
        return best;
      })
      .sort((a, b) => b.ncc - a.ncc);
  const middled = refine(found.slice(0, 6), middle, 4, 0.0075, 4, (r) => r.middle);
  const fullRes = (r: Reference) => ({ image: r.ink, factor: 1 });
  const fined = refine(middled.slice(0, keep), fine, 4, 0.0025, 2, fullRes);
  // A scale off by a fraction of a per cent shifts the far side of a wide leak by a quarter of a code cell: a last
  // search at ~FINEST_SIDE px, in steps of 0.1 %.
  return refine(fined, reduced(leakInk, FINEST_SIDE), 3, 0.001, 2, fullRes);
}

/**
 * The page width the residual is measured at (or the leak's own, if smaller): a code cell is 12 px there, plenty for a
 * pattern that smooth, and averaging the pixels down takes out most of what JPEG and resampling kernels add.
 */
const WORKING_WIDTH = 480;

/** How far a pixel of the leak may differ from the page before it counts as no more than this (the visible mark). */
const CLIP = 2.5 * CODE_AMPLITUDE;

/**
 * The leak on the aligned page's code grid: Σ over the leak's pixels of the residual × the code's weight × the
 * cell's blend, per cell. Works at the coarser of the two resolutions: the code is many pixels wide.
 */
export function project(leak: Gray, ref: Gray, at: Candidate): { projection: Float64Array; rows: number } {
  const working = Math.min(at.scale, WORKING_WIDTH / ref.width);
  // The leak on the working grid: leak px → working px.
  const leakStep = at.scale / working;
  const width = Math.floor(leak.width / leakStep);
  const height = Math.floor(leak.height / leakStep);
  const seen = leakStep === 1 ? leak : resample(leak, 255, 0, 0, leakStep, width, height);
  // The page as the code leaves it on average, and how strongly each pixel carries the code.
  const base = new Float32Array(ref.data.length);
  const carrier = new Float32Array(ref.data.length);
  for (let i = 0; i < base.length; i++) {
    const lift = CODE_AMPLITUDE * inkWeight(ref.data[i]!);
    base[i] = ref.data[i]! + lift;
    carrier[i] = lift;
  }
  const refStep = 1 / working;
  const expected = resample({ ...ref, data: base }, 255, at.x, at.y, refStep, width, height);
  const weight = resample({ ...ref, data: carrier }, 0, at.x, at.y, refStep, width, height);
  const { cell, rows } = codeGrid(ref.width, ref.height);
  const residual = new Float32Array(width * height);
  const trust = edgeTrust(expected);
  let sum = 0;
  let total = 0;
  for (let i = 0; i < residual.length; i++) {
    const d = seen.data[i]! - expected.data[i]!;
    const r = d > CLIP ? CLIP : d < -CLIP ? -CLIP : d;
    residual[i] = r;
    sum += r * weight.data[i]! * trust[i]!;
    total += weight.data[i]! * trust[i]!;
  }
  // A uniform shift (a lighter or darker copy) says nothing about the signs.
  const offset = total > 0 ? sum / total : 0;
  const cells = rows * CODE_COLUMNS;
  const projection = new Float64Array(cells);
  // The code's own overlap between cells (M, symmetric, 9 bands): self, right, down, down-right, down-left.
  const m = { self: new Float64Array(cells), right: new Float64Array(cells), down: new Float64Array(cells), downRight: new Float64Array(cells), downLeft: new Float64Array(cells) };
  const columns = Array.from({ length: width }, (_, x) => cellBlend((at.x + (x + 0.5) * refStep) / cell, CODE_COLUMNS));
  for (let y = 0; y < height; y++) {
    const [r0, r1, rw] = cellBlend((at.y + (y + 0.5) * refStep) / cell, rows);
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const w = weight.data[i]!;
      if (w <= 0) continue;
      const q = trust[i]!;
      const v = (residual[i]! - offset) * w * q;
      const e = w * w * q;
      const [c0, c1, cw] = columns[x]!;
      const a = r0 * CODE_COLUMNS + c0;
      const b = r0 * CODE_COLUMNS + c1;
      const c = r1 * CODE_COLUMNS + c0;
      const d = r1 * CODE_COLUMNS + c1;
      const wa = (1 - cw) * (1 - rw);
      const wb = cw * (1 - rw);
      const wc = (1 - cw) * rw;
      const wd = cw * rw;
      projection[a] += v * wa;
      projection[b] += v * wb;
      projection[c] += v * wc;
      projection[d] += v * wd;
      m.self[a] += e * wa * wa;
      m.self[b] += e * wb * wb;
      m.self[c] += e * wc * wc;
      m.self[d] += e * wd * wd;
      m.right[a] += e * wa * wb;
      m.right[c] += e * wc * wd;
      m.down[a] += e * wa * wc;
      m.down[b] += e * wb * wd;
      m.downRight[a] += e * wa * wd;
      m.downLeft[b] += e * wb * wc;
    }
  }
  return { projection: unmix(projection, m), rows };
}

/**
 * Grey levels per working pixel at which a pixel's residual counts half. Where the page changes steeply (the edges of
 * letters and shapes), an alignment off by a fraction of a pixel leaves a residual far larger than the code; the
 * residual there is noise ∝ the slope, so each pixel is weighted by 1 / (1 + (slope / EDGE_SLOPE)²), the inverse of
 * that noise's variance (weighted least squares). Depends only on the page and the alignment, never on a view's signs.
 */
const EDGE_SLOPE = 20;

function edgeTrust(image: Gray): Float32Array {
  const { width, height, data } = image;
  const trust = new Float32Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const gx = (data[x + 1 < width ? i + 1 : i]! - data[x > 0 ? i - 1 : i]!) / 2;
      const gy = (data[y + 1 < height ? i + width : i]! - data[y > 0 ? i - width : i]!) / 2;
      const slope = (gx * gx + gy * gy) / (EDGE_SLOPE * EDGE_SLOPE);
      trust[i] = 1 / (1 + slope);
    }
  }
  return trust;
}

type Overlap = { self: Float64Array; right: Float64Array; down: Float64Array; downRight: Float64Array; downLeft: Float64Array };

/**
 * The blend spreads each cell's sign into its neighbours' sums; solving (M + λ·E₀) s = b by conjugate gradients
 * gives each cell's own share back, so a few heavily inked cells (a dark title bar) no longer drown the rest. λ·E₀
 * (a share of the median cell's energy) keeps cells with little ink, whose estimate would be mostly noise, near 0.
 * Depends only on the image and the page, never on a view's signs, so the false-match bound still holds.
 */
function unmix(b: Float64Array, m: Overlap): Float64Array {
  const n = b.length;
  const inked = [...m.self].filter((e) => e > 0).sort((x, y) => x - y);
  if (inked.length === 0) return b;
  const ridge = 0.3 * inked[inked.length >> 1]!;
  const C = CODE_COLUMNS;
  const apply = (v: Float64Array, out: Float64Array) => {
    for (let c = 0; c < n; c++) {
      let sum = (m.self[c]! + ridge) * v[c]!;
      if (c + 1 < n) sum += m.right[c]! * v[c + 1]!;
      if (c >= 1) sum += m.right[c - 1]! * v[c - 1]!;
      if (c + C < n) sum += m.down[c]! * v[c + C]!;
      if (c >= C) sum += m.down[c - C]! * v[c - C]!;
      if (c + C + 1 < n) sum += m.downRight[c]! * v[c + C + 1]!;
      if (c >= C + 1) sum += m.downRight[c - C - 1]! * v[c - C - 1]!;
      if (c + C - 1 < n) sum += m.downLeft[c]! * v[c + C - 1]!;
      if (c >= C - 1) sum += m.downLeft[c - C + 1]! * v[c - C + 1]!;
      out[c] = sum;
    }
  };
  // Jacobi-preconditioned conjugate gradients.
  const x = new Float64Array(n);
  const r = Float64Array.from(b);
  const diag = Float64Array.from(m.self, (e) => e + ridge);
  const z = Float64Array.from(r, (v, i) => v / diag[i]!);
  const p = Float64Array.from(z);
  const q = new Float64Array(n);
  let rz = 0;
  for (let i = 0; i < n; i++) rz += r[i]! * z[i]!;
  for (let k = 0; k < 40 && rz > 1e-12; k++) {
    apply(p, q);
    let pq = 0;
    for (let i = 0; i < n; i++) pq += p[i]! * q[i]!;
    if (pq <= 0) break;
    const alpha = rz / pq;
    let next = 0;
    for (let i = 0; i < n; i++) {
      x[i] += alpha * p[i]!;
      r[i] -= alpha * q[i]!;
      z[i] = r[i]! / diag[i]!;
      next += r[i]! * z[i]!;
    }
    const beta = next / rz;
    rz = next;
    for (let i = 0; i < n; i++) p[i] = z[i]! + beta * p[i]!;
  }
  // An estimate of a ±1 sign far beyond 1 is noise (the visible mark, an edge): it counts no more than a sure sign.
  for (let i = 0; i < n; i++) x[i] = x[i]! > 1.5 ? 1.5 : x[i]! < -1.5 ? -1.5 : x[i]!;
  return x;
}

/** Below this correlation of ink, an alignment is no alignment (an unrelated image): nothing to project. */
const MIN_NCC = 0.25;

/**
 * The job: a leaked image (PNG, JPEG or WebP bytes) against the unmarked pages (WebP bytes, any width). Returns up to
 * `keep` alignments with their projections, best first; none when the image matches no page.
 */
export async function traceProjections(leakBytes: Uint8Array, pages: Uint8Array[], keep = 2): Promise<TraceHypothesis[]> {
  const leak = await decodeLuminance(leakBytes, WORKING_SIDE);
  if (leak.width < 16 || leak.height < 16) return [];
  const refs: Reference[] = [];
  for (const page of pages) {
    const lum = await decodeLuminance(page, WORKING_SIDE);
    const ink = inkOf(lum);
    refs.push({ lum, ink, coarse: reduced(ink, 4 * COARSE_SIDE), middle: reduced(ink, 4 * MIDDLE_SIDE) });
  }
  const aligned = align(leak, refs, keep).filter((c) => c.ncc >= MIN_NCC);
  return aligned.map((c) => ({ ref: c.ref, ncc: c.ncc, scale: c.scale, x: c.x, y: c.y, ...project(leak, refs[c.ref]!.lum, c) }));
}

/** The z-score of one view's signs against a projection (see the top). */
export function codeScore(projection: Float64Array, signs: Int8Array): number {
  let dot = 0;
  let norm = 0;
  for (let i = 0; i < projection.length; i++) {
    dot += projection[i]! * signs[i % signs.length]!;
    norm += projection[i]! * projection[i]!;
  }
  return norm > 0 ? dot / Math.sqrt(norm) : 0;
}
