import * as React from "react";

/**
 * One tile of the pattern: two marks a row apart, the second shifted half a tile, rotated -24° from their baselines'
 * start (as the marks of the PDF pages). A mark runs past the tile's right and top edges, so each is drawn again one
 * tile to the left and one tile lower: the repeats join into whole lines.
 */
const TILE_WIDTH = 360;
const TILE_HEIGHT = 300;
const MARKS = [
  { x: 8, y: 140 },
  { x: 8 + TILE_WIDTH / 2, y: 140 + TILE_HEIGHT / 2 },
];
const COPIES = [
  [0, 0],
  [-TILE_WIDTH, 0],
  [0, TILE_HEIGHT],
  [-TILE_WIDTH, TILE_HEIGHT],
];
const FONT_SIZE = 13;
const COLOR = "rgba(127, 29, 29, 0.14)";

const xmlEscape = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** The tile as an SVG data URL (exported for the tests, which read the identity back out of it). */
export function watermarkTile(text: string) {
  const line = xmlEscape(text);
  const marks = MARKS.flatMap(({ x, y }) =>
    COPIES.map(([dx, dy]) => `<text x="${x + dx}" y="${y + dy}" transform="rotate(-24 ${x + dx} ${y + dy})">${line}</text>`),
  ).join("");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_WIDTH}" height="${TILE_HEIGHT}" ` +
    `font-family="system-ui, sans-serif" font-size="${FONT_SIZE}" fill="${COLOR}">${marks}</svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

/**
 * The recipient's identity ("name · e-mail · access time", from the server) repeated faintly across the document,
 * in the content layer: positioned inside the document's own box with inline styles, so removing one class or
 * hiding one element does not remove it, and it covers however long the document grows.
 *
 * The marks are one repeated background image rather than text elements: the server paints them whole with the page,
 * with no script measuring the box first, and an image this plain is never taken for the page's largest contentful
 * paint (marks added after hydration used to be, which held the reader's LCP back until all its JavaScript ran).
 * The overlay still holds the identity as text, unpainted, so the page says what its marks read.
 * Decorative: hidden from assistive technology, inert and transparent to the pointer, so the document reads and
 * selects as usual (WCAG 1.4.3 sets no contrast minimum for pure decoration; `inert` is also what tells axe so).
 */
export function WatermarkFrame({ text, children, slot }: { text: string; children: React.ReactNode; slot: string }) {
  return (
    <div data-slot={slot} style={{ position: "relative", isolation: "isolate" }}>
      {children}
      <div
        aria-hidden="true"
        inert
        data-watermark=""
        style={{
          position: "absolute",
          inset: 0,
          overflow: "hidden",
          pointerEvents: "none",
          userSelect: "none",
          zIndex: 2147483647,
          backgroundImage: watermarkTile(text),
          backgroundRepeat: "repeat",
        }}
      >
        <span style={{ opacity: 0, position: "absolute", whiteSpace: "nowrap" }}>{text}</span>
      </div>
    </div>
  );
}
