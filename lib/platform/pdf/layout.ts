import "server-only";
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from "pdf-lib";
import { drawableText, fontFace } from "@/lib/platform/pdf/fonts";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const FOOTER_SPACE = 36;

export type TextStyle = { font: PDFFont; size: number; color?: [number, number, number]; indent?: number; width?: number };

/**
 * Wrapped paragraphs of DejaVu text, shared across documents: measuring is most of a certificate's cost (fontkit
 * shapes every candidate line), and every certificate of an evidence pack (lib/domain/evidence/pack.ts) wraps the same
 * agreement text. The result depends only on the face, size, width and text, so a hit is exactly what measuring gives.
 */
const wrapped = new Map<string, string[]>();
const WRAP_CACHE_MAX = 1_000;

/** Splits one paragraph into lines no wider than `width`; a word longer than a line is cut by characters. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const face = fontFace(font);
  if (!face) return measureLines(text, font, size, width);
  const key = `${face}\u0000${size}\u0000${width}\u0000${text}`;
  let lines = wrapped.get(key);
  if (lines) wrapped.delete(key); // re-inserted below: a Map keeps insertion order, so the first key is the least recently used
  else {
    lines = measureLines(text, font, size, width);
    if (wrapped.size >= WRAP_CACHE_MAX) wrapped.delete(wrapped.keys().next().value!);
  }
  wrapped.set(key, lines);
  return [...lines];
}

/**
 * Widths of words at size 1, per face: a line's width is its words' plus its spaces', so wrapping costs one shaping
 * per distinct word instead of one per candidate line (a paragraph of n words shaped n times over, and a 64-character
 * digest cut character by character, were most of an evidence pack's CPU). Width scales linearly with size.
 */
const unitWidths = new Map<string, number>();
const UNIT_WIDTH_CACHE_MAX = 50_000;

function unitWidth(font: PDFFont, face: string | null, text: string): number {
  if (!face) return font.widthOfTextAtSize(text, 1);
  const key = `${face}\u0000${text}`;
  let w = unitWidths.get(key);
  if (w === undefined) {
    if (unitWidths.size >= UNIT_WIDTH_CACHE_MAX) unitWidths.clear();
    unitWidths.set(key, (w = font.widthOfTextAtSize(text, 1)));
  }
  return w;
}

/**
 * How close to the edge a line's summed width may come before the line is measured whole. A line's width is the sum of
 * its glyphs' advances (pdf-lib applies no kerning), so summed words differ from it only where a substitution spans a
 * word's edge: rare, and never by a point.
 */
const NEAR_EDGE = 1;

function measureLines(text: string, font: PDFFont, size: number, width: number): string[] {
  const { lines, widths } = sumWordWidths(text, font, size, width);
  // A line summed close to the edge is measured whole (the drawing shapes it anyway, from the same cache), and the
  // paragraph measured line by line if one overflows.
  const overflows = lines.some((line, i) => widths[i]! > width - NEAR_EDGE && font.widthOfTextAtSize(line, size) > width);
  return overflows ? shapeLines(text, font, size, width) : lines;
}

function sumWordWidths(text: string, font: PDFFont, size: number, width: number): { lines: string[]; widths: number[] } {
  const face = fontFace(font);
  const w = (s: string) => unitWidth(font, face, s) * size;
  const space = w(" ");
  const lines: string[] = [];
  const widths: number[] = [];
  let line = "";
  let lineWidth = 0;
  for (const word of text.split(/ +/)) {
    const wordWidth = w(word);
    const next = line ? lineWidth + space + wordWidth : wordWidth;
    if (next <= width) {
      line = line ? `${line} ${word}` : word;
      lineWidth = next;
      continue;
    }
    if (line) {
      lines.push(line);
      widths.push(lineWidth);
    }
    line = "";
    lineWidth = 0;
    // A word longer than a line is cut by characters: their widths summed, one shaping per distinct character.
    const chars = [...word];
    let start = 0;
    while (start < chars.length) {
      let end = start;
      let used = 0;
      while (end < chars.length && (end === start || used + w(chars[end]!) <= width)) used += w(chars[end++]!);
      const piece = chars.slice(start, end).join("");
      if (end === chars.length && used <= width) {
        line = piece;
        lineWidth = used;
      } else {
        lines.push(piece);
        widths.push(used);
      }
      start = end;
    }
  }
  lines.push(line);
  widths.push(lineWidth);
  return { lines, widths };
}

/** Exact wrapping, every candidate line shaped whole: the fallback when summed widths overflow. */
export function shapeLines(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of text.split(/ +/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    let rest = word;
    while (rest && !fits(rest)) {
      let cut = 1;
      while (cut < rest.length && fits(rest.slice(0, cut + 1))) cut++;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  lines.push(line);
  return lines;
}

/**
 * A top-to-bottom flow of wrapped text over A4 pages: each line that would run into the footer starts a new page.
 * Page numbers are drawn at the end (numberPages), once the page count is known.
 */
export class TextFlow {
  private page!: PDFPage;
  private y = 0;
  readonly width = A4[0] - 2 * MARGIN;

  constructor(private readonly doc: PDFDocument) {
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN + FOOTER_SPACE) this.newPage();
  }

  gap(points: number) {
    this.y -= points;
  }

  /** A paragraph; explicit line breaks are kept. */
  paragraph(text: string, style: TextStyle) {
    const indent = style.indent ?? 0;
    const width = (style.width ?? this.width) - indent;
    const lineHeight = style.size * 1.35;
    const [r, g, b] = style.color ?? [0.1, 0.1, 0.12];
    for (const raw of text.split("\n")) {
      for (const line of wrapText(drawableText(style.font, raw), style.font, style.size, width)) {
        this.ensure(lineHeight);
        this.y -= lineHeight;
        if (line) this.page.drawText(line, { x: MARGIN + indent, y: this.y + style.size * 0.25, size: style.size, font: style.font, color: rgb(r, g, b) });
      }
    }
  }

  /** A label and its value side by side; the value wraps within its column and the pair never splits. */
  field(label: string, value: string, labelStyle: TextStyle, valueStyle: TextStyle, labelWidth = 130) {
    const valueWidth = this.width - labelWidth;
    const lines = value.split("\n").flatMap((l) => wrapText(drawableText(valueStyle.font, l), valueStyle.font, valueStyle.size, valueWidth));
    const lineHeight = Math.max(labelStyle.size, valueStyle.size) * 1.35;
    this.ensure(lineHeight * lines.length);
    const top = this.y;
    this.y -= lineHeight;
    this.page.drawText(drawableText(labelStyle.font, label), { x: MARGIN, y: this.y + labelStyle.size * 0.25, size: labelStyle.size, font: labelStyle.font, color: rgb(0.35, 0.35, 0.4) });
    this.y = top;
    for (const line of lines) {
      this.y -= lineHeight;
      if (line) this.page.drawText(line, { x: MARGIN + labelWidth, y: this.y + valueStyle.size * 0.25, size: valueStyle.size, font: valueStyle.font, color: rgb(0.1, 0.1, 0.12) });
    }
    this.y -= 2;
  }

  /** A heading that is never left alone at the bottom of a page. */
  heading(text: string, style: TextStyle) {
    this.ensure(style.size * 1.35 + 40);
    this.gap(style.size * 0.8);
    this.paragraph(text, style);
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + this.width, y: this.y }, thickness: 0.5, color: rgb(0.75, 0.75, 0.8) });
    this.gap(4);
  }

  /** "<label> · Page i of n" at the foot of every page. */
  numberPages(label: string, font: PDFFont) {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      const text = drawableText(font, `${label} · Page ${i + 1} of ${pages.length}`);
      const size = 8;
      page.drawText(text, { x: MARGIN, y: MARGIN - 14, size, font, color: rgb(0.4, 0.4, 0.45) });
    });
  }
}
