/**
 * The sections an HTML idea is read in (the reader shows one at a time; reading time is reported per section), and
 * the count the engagement route checks section numbers against. Pure and dependency-free: the recipient's reader
 * and the server run this same function on the same sanitized HTML, so they always agree on N.
 *
 * Rules: a section starts at every top-level heading (<h1>…<h6> directly under the document, not inside a list,
 * quote or table); content before the first heading belongs to section 1; a heading with nothing but other headings
 * after it up to the next top-level heading (an idea's title directly followed by its first section heading) joins
 * the section that follows, so no section is a bare title; there is always at least one section.
 */

export type HtmlSection = {
  /** 1-based. */
  n: number;
  /** [start, end) character offsets in the HTML: `html.slice(start, end)` is the section's own markup. */
  start: number;
  end: number;
};

/** Elements that never have a closing tag (the sanitizer's allow-list holds br, hr and img of these). */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const HEADING = /^h[1-6]$/;
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>|<!--[\s\S]*?-->/g;

type Heading = { start: number; end: number };

/** Top-level headings and whether anything other than whitespace or headings follows each before the next. */
function topLevelHeadings(html: string) {
  const headings: Heading[] = [];
  /** For headings[i]: is there content between its end and the next top-level heading (or the end)? */
  const followed: boolean[] = [];
  let depth = 0;
  let open: { start: number; tag: string } | null = null;
  let lastEnd = 0;
  const noteContent = (from: number, to: number) => {
    if (headings.length && html.slice(from, to).replace(/<[^>]*>/g, "").trim() !== "") followed[headings.length - 1] = true;
  };
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    if (m[0].startsWith("<!--")) continue;
    const [whole, closing, rawName, selfClosing] = m;
    const name = rawName.toLowerCase();
    if (closing) {
      if (open && depth === 1 && name === open.tag) {
        headings.push({ start: open.start, end: m.index + whole.length });
        followed.push(false);
        lastEnd = m.index + whole.length;
        open = null;
      }
      depth = Math.max(0, depth - 1);
      continue;
    }
    if (VOID.has(name) || selfClosing) {
      // An image or a rule is content of the section it sits in.
      if (depth === 0 && name !== "br" && headings.length) followed[headings.length - 1] = true;
      continue;
    }
    if (depth === 0) {
      noteContent(lastEnd, m.index);
      if (HEADING.test(name)) open = { start: m.index, tag: name };
      else if (headings.length) followed[headings.length - 1] = true;
      lastEnd = m.index;
    }
    depth++;
  }
  noteContent(lastEnd, html.length);
  return { headings, followed };
}

/** The sections of an idea's (sanitized) HTML, in order; at least one. */
export function htmlSections(html: string): HtmlSection[] {
  const { headings, followed } = topLevelHeadings(html);
  // Boundaries: every top-level heading that does not directly precede another one.
  const starts: number[] = [];
  let pendingStart: number | null = null;
  headings.forEach((h, i) => {
    const start = pendingStart ?? h.start;
    if (!followed[i] && i < headings.length - 1) {
      pendingStart = start;
      return;
    }
    pendingStart = null;
    starts.push(start);
  });
  if (starts.length === 0) return [{ n: 1, start: 0, end: html.length }];
  // Content before the first heading joins section 1.
  starts[0] = 0;
  return starts.map((start, i) => ({ n: i + 1, start, end: i + 1 < starts.length ? starts[i + 1] : html.length }));
}

/** How many sections the HTML is read in (htmlSections(html).length). */
export function htmlSectionCount(html: string): number {
  return htmlSections(html).length;
}
