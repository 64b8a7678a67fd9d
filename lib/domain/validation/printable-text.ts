import { toSingleLine } from "@/lib/domain/validation/text";

/**
 * What a name or a title looks like once printed into an agreement and its certificate. Client-safe and pure: the
 * identify form refuses what cannot be printed before the server does, with the same rule.
 *
 * Look-alike punctuation is folded to the plain character it imitates, so a value cannot draw a bracket or a colon
 * the agreement's own rules do not see (a name "Sam ［Recipient e-mail: x］" would otherwise read as a filled-in field
 * next to the real ones, and print as "Sam ?Recipient e-mail: x?" on the certificate). First Unicode NFKC (full-width,
 * small and vertical forms become their plain ones: ［ → [, ： → :, ﹝ → 〔), then every other opening or closing
 * bracket becomes a parenthesis, the angle quotation marks become plain quotes, and colon look-alikes a colon.
 */

/** Opening and closing punctuation (Ps, Pe) except ASCII's own and the low and prime quotation marks („Kettle“). */
const OPENING = /(?![([{\u201a\u201e\u2e42\u301d])\p{Ps}/gu;
const CLOSING = /(?![)\]}\u301e\u301f])\p{Pe}/gu;
/**
 * Colon look-alikes NFKC leaves alone: U+2236 ratio, U+A789 modifier letter colon, U+02F8, U+205A, U+2982, and the
 * Armenian, Hebrew, Syriac, runic and Mongolian marks drawn as a colon.
 */
const COLONS = /[\u02f8\u0589\u05c3\u0703\u0704\u16ec\u1803\u1804\u1809\u205a\u2236\u2982\ua789]/g;

export function foldConfusables(value: string): string {
  return value
    .normalize("NFKC")
    .replace(OPENING, "(")
    .replace(CLOSING, ")")
    .replace(/[\u00ab\u00bb]/g, '"')
    .replace(/[\u2039\u203a]/g, "'")
    .replace(COLONS, ":");
}

/** A value as one printed line: folded, and line breaks or control characters as visible escapes (toSingleLine). */
export function printedLine(value: string): string {
  return toSingleLine(foldConfusables(value));
}

/**
 * Every code point DejaVu Sans (assets/fonts/DejaVuSans.ttf, the certificate's face: lib/platform/pdf/fonts.ts) has a glyph
 * for, as ranges: each entry is the distance from the previous range's end to this range's start, then "+" and the
 * range's length minus one, in base 36. The certificate draws anything else as "?"; a test checks this against the
 * font file and prints the new value when the font changes.
 */
export const DEJAVU_SANS_CHARACTERS =
  "w+2m,y+g9,3+2,5,4,9+27,2+2,4+1,2,2+6,e+7,3+5,5+6,2,2+j,2+aq,c+11,3+6,2+12,2+1,12+j,3+1,9+q,6+4,i+1,2+1,2,9," +
  "6,4,2+p,6+l,2,3,6+g,4,5+1y,7+2,3+1,2,2,5,r+9,5j+13,4+a,3+2,18l,1u+1,2,3+1,2,3,7+3,2+6,2+2,2,2,3+1,2+c,2+2," +
  "3+4,2,2+5,3+9,3+1,cj+11,b+18,lh+6,2+i,2+o,2+j,2+6,2+2x,3+16,2+r,9+1a,2+g,2+o,a+h,5+c,a+f,1b,3,2t+1,13+8,a+s," +
  "19g+k,2+d,3+8,2+17,2+d,d+1,3,2,8,m+10,5+5,1j+6z,5+l,3+5,3+11,3+5,3+7,2,2,2,2+u,3+1g,2+e,2+d,3+5,2+i,3+2,2+8," +
  "2+2s,6+7,3+q,2+c,4+l,3+2,3,j+1,5+1,4+1,5,v+9,2+1q,2,3,2+1h,4,7+ap,7+1,3+5,3+4,3+1,1z+2,5,3,a,d,7+j,w+1,k,2," +
  "3,1m+1,1p+9,47+bg,2+q,8+3,v,v+3,2+3,3+r,2+y,2,2+3,4,2+6,3+1f,4+n,2+d,7+1,q,6+5,5+7j,7+1,3+1,1h+1,1u+1,22+7," +
  "m,f+1,5+2,a+g,j,1n+1,i+z,e+c,1r+1,6+q,5+5,1b+1,7g+n,2+6,3l+11,b+1h,a,4p,7,3+3,9,68i+1r,h5d+1b,91+3,5+1,3+1," +
  "3+3,b+c,s+3,7+1,3+1,33+e,5+4,3+9,5+h,5+5,3+5,3+1,d+3,p+3,6+5,2+1,f+a,26+7,e0x+p,6f+3,sd+12,2+p,hw,u3+6,d+4," +
  "6+p,2+4,2,2+1,2+1,2+9,3+29,7+3,12+9,2+1,5+5,j+3,e9+f,h+3,25+4,2+3q,3,6y+4,lf+u,2+3,1525+2e,de+1,2+3,2+4,2," +
  "4+6,2+p,1h+1f,ed+j,4d1+3,2+q,2+1,2,3,2+9,2+3,2,2,12+1,2,3+3,2+6,2+3,2+3,2,c2+2r,d+e,3+d,3+e,2+e,fm+7,7p+1,3," +
  "4,cr+z,2+6,2+j,3";

let drawable: ((cp: number) => boolean) | null = null;

function drawableInDejaVu(cp: number): boolean {
  if (!drawable) {
    const starts: number[] = [];
    const ends: number[] = [];
    let at = 0;
    for (const entry of DEJAVU_SANS_CHARACTERS.split(",")) {
      const [gap, length = "0"] = entry.split("+");
      const start = at + parseInt(gap, 36);
      at = start + parseInt(length, 36);
      starts.push(start);
      ends.push(at);
    }
    drawable = (c) => {
      let [lo, hi] = [0, starts.length - 1];
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (c < starts[mid]) hi = mid - 1;
        else if (c > ends[mid]) lo = mid + 1;
        else return true;
      }
      return false;
    };
  }
  return drawable(cp);
}

/**
 * The first character of `value` that the certificate could not print once folded, or null. Letters, marks and
 * digits of scripts the font lacks (a name written in Chinese) are not counted: names in any script are accepted,
 * and the certificate shows those as "?" (the text itself, its digest and the screens keep them). What is counted is
 * every other symbol, punctuation mark or invisible character the font lacks, which a recipient would see on screen
 * and the certificate would not.
 */
export function unprintableCharacter(value: string): string | null {
  for (const ch of printedLine(value)) {
    if (/[\p{L}\p{M}\p{N}]/u.test(ch)) continue;
    if (!drawableInDejaVu(ch.codePointAt(0)!)) return ch;
  }
  return null;
}

/** The 400 for such a character, with its code point (it may be invisible). */
export function unprintableMessage(field: string, ch: string): string {
  const code = ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
  return `The ${field} contains a character that cannot be printed on the agreement: "${ch}" (U+${code}).`;
}
