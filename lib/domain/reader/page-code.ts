import { createHash } from "node:crypto";

/**
 * The invisible code a recipient's page images carry for their view, beside the visible mark (mark.ts).
 *
 * A view's key (lib/domain/reader/view-code.ts: derived from a server key and the view's id) picks a sign, +1 or −1,
 * for each cell of a grid laid over the page in page coordinates (CODE_COLUMNS cells across, square cells), so the
 * same view's code is the same on a page drawn at any width. Between cell centres the signs are blended (bilinear),
 * a smooth pattern with no block edges to see. The pattern lightens the page's ink and mid-tones by up to
 * 2 × CODE_AMPLITUDE grey levels where the sign is +1 and by none where it is −1; paper (and anything lighter than
 * INK_LIMIT) is left as it is.
 *
 * Why in the ink: the attack that removes the visible mark whitens everything lighter than a grey level (or close to
 * the mark's pale tones), which would wipe a code hidden in the paper; it keeps the text and pictures, and the code
 * with them. Why large cells: JPEG keeps a page's low frequencies, and scaling or cropping keeps a pattern many pixels
 * wide. Detection (trace-detect.ts) has the unmarked page: it aligns the leak against it and correlates what is left
 * with each view's signs.
 */

/** Cells across the page's width: 30 px at the reader's 1200 px width. */
export const CODE_COLUMNS = 40;
/** Grey levels: ink is lightened by 0 … 2 × this, half of it on average. */
export const CODE_AMPLITUDE = 15;
/** Pixels with a luminance from here up carry no code (paper, the pale visible mark); full strength at INK_FULL. */
export const INK_LIMIT = 200;
export const INK_FULL = 150;
/** Signs drawn per view: rows beyond this (pages taller than 10 × their width) repeat. */
const MAX_CELLS = CODE_COLUMNS * 400;

/** The view's signs, row after row, CODE_COLUMNS a row: SHA-256 of the key in counter mode, one bit a cell. */
export function codeSigns(key: Uint8Array): Int8Array {
  const signs = new Int8Array(MAX_CELLS);
  for (let block = 0; block * 256 < MAX_CELLS; block++) {
    const digest = createHash("sha256").update(key).update(`page code ${block}`).digest();
    for (let bit = 0; bit < 256 && block * 256 + bit < MAX_CELLS; bit++) {
      signs[block * 256 + bit] = (digest[bit >> 3]! >> (bit & 7)) & 1 ? 1 : -1;
    }
  }
  return signs;
}

/** How strongly a pixel of this luminance carries the code: 1 in ink and dark tones, fading to 0 at INK_LIMIT. */
export function inkWeight(luminance: number): number {
  if (luminance >= INK_LIMIT) return 0;
  if (luminance <= INK_FULL) return 1;
  return (INK_LIMIT - luminance) / (INK_LIMIT - INK_FULL);
}

/** The cell grid of a page `width` px wide: cell size in px and the number of rows. */
export function codeGrid(width: number, height: number) {
  const cell = width / CODE_COLUMNS;
  return { cell, rows: Math.ceil(height / cell) };
}

/**
 * The code's blending: for page coordinate `u` (in cells, from the page's edge) the two cells whose centres surround
 * it and the weight of the second. Beyond the first and last centre the edge cell alone counts.
 */
export function cellBlend(u: number, count: number): [number, number, number] {
  const t = u - 0.5;
  if (t <= 0) return [0, 0, 0];
  if (t >= count - 1) return [count - 1, count - 1, 0];
  const i = t | 0;
  return [i, i + 1, t - i];
}

const sign = (signs: Int8Array, column: number, row: number) => signs[(row * CODE_COLUMNS + column) % MAX_CELLS]!;

/**
 * Writes the view's code into a page's pixels (RGBA, in place): each pixel's R, G and B are lightened by the same
 * amount, A · inkWeight(luminance) · (1 + pattern), pattern ∈ [−1, 1]. Never darker, never past white, so nothing
 * clips and the detector can model the result exactly. Costs one pass over the pixels; paper pixels are skipped.
 */
export function embedPageCode(data: Uint8Array | Uint8ClampedArray, width: number, height: number, signs: Int8Array) {
  const { cell, rows } = codeGrid(width, height);
  // The horizontal blend of each column, computed once.
  const c0 = new Int32Array(width);
  const c1 = new Int32Array(width);
  const cw = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const [a, b, w] = cellBlend((x + 0.5) / cell, CODE_COLUMNS);
    c0[x] = a;
    c1[x] = b;
    cw[x] = w;
  }
  const span = INK_LIMIT - INK_FULL;
  // The vertical blend of each cell column for the row at hand.
  const blended = new Float32Array(CODE_COLUMNS);
  for (let y = 0; y < height; y++) {
    const [r0, r1, rw] = cellBlend((y + 0.5) / cell, rows);
    for (let c = 0; c < CODE_COLUMNS; c++) blended[c] = sign(signs, c, r0) + (sign(signs, c, r1) - sign(signs, c, r0)) * rw;
    let i = y * width * 4;
    for (let x = 0; x < width; x++, i += 4) {
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      // Paper: nothing to do (most of a page).
      if (r >= INK_LIMIT && g >= INK_LIMIT && b >= INK_LIMIT) continue;
      const lum = 0.299 * r + 0.587 * g + 0.114 * b;
      if (lum >= INK_LIMIT) continue;
      const weight = lum <= INK_FULL ? 1 : (INK_LIMIT - lum) / span;
      const left = blended[c0[x]!]!;
      const pattern = left + (blended[c1[x]!]! - left) * cw[x]!;
      const lift = CODE_AMPLITUDE * weight * (1 + pattern);
      // Rounded, and at most 255: lum < INK_LIMIT and lift ≤ 2A keep every channel in range except a saturated
      // colour's bright channel, which the clamp of the typed array (or the check) holds at white.
      data[i] = r + lift > 255 ? 255 : (r + lift + 0.5) | 0;
      data[i + 1] = g + lift > 255 ? 255 : (g + lift + 0.5) | 0;
      data[i + 2] = b + lift > 255 ? 255 : (b + lift + 0.5) | 0;
    }
  }
}
