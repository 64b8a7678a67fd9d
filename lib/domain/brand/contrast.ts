/** WCAG 2 contrast for the sender's accent colour: which text colour stays readable on it. */

function channel(hex: string) {
  const c = parseInt(hex, 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of '#rrggbb' (0 black … 1 white). */
export function relativeLuminance(color: string) {
  const hex = color.replace(/^#/, "");
  return 0.2126 * channel(hex.slice(0, 2)) + 0.7152 * channel(hex.slice(2, 4)) + 0.0722 * channel(hex.slice(4, 6));
}

export function contrastRatio(a: string, b: string) {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Black or white, whichever contrasts more with `background`. One of the two always reaches at least 4.58:1 (the
 * worst background sits where both are equal), so text on any accent passes WCAG AA.
 */
export function readableForeground(background: string): "#000000" | "#ffffff" {
  return contrastRatio(background, "#000000") >= contrastRatio(background, "#ffffff") ? "#000000" : "#ffffff";
}

/** WCAG AA for normal text. */
export const TEXT_CONTRAST = 4.5;

const toHex = (channels: number[]) => `#${channels.map((c) => c.toString(16).padStart(2, "0")).join("")}`;

/**
 * The accent as a colour for text and links on the white page: the accent itself when it reaches 4.5:1 on white,
 * else the accent darkened (each channel scaled down by the same factor, so the hue stays) just until it does. A
 * light accent still fills buttons; only text drawn in it on the page needs this. Black, the last step, is 21:1.
 */
export function readableOnWhite(accent: string): string {
  const hex = accent.replace(/^#/, "").toLowerCase();
  const start = `#${hex}`;
  if (contrastRatio(start, "#ffffff") >= TEXT_CONTRAST) return start;
  const channels = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  for (let step = 1; step <= 100; step++) {
    const darker = toHex(channels.map((c) => Math.round((c * (100 - step)) / 100)));
    if (contrastRatio(darker, "#ffffff") >= TEXT_CONTRAST) return darker;
  }
  return "#000000";
}
