/**
 * An HTML idea read as sections (issue 16 §2, §3): one section per top-level heading (an h1–h6 that is a direct child
 * of the document, not nested in a list, quote or table); content before the first heading belongs to section 1.
 * The reader shows them one at a time and reports reading time per section index (from 1), so the server counting
 * sections for engagement must cut the same way: one pure function, no DOM, usable on both sides.
 *
 * Input is the server's sanitized HTML (lib/ideas/sanitize.ts): well-formed tags, so a tag scanner with a depth
 * counter is enough; void elements do not nest.
 */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*?(\/?)>|<!--[\s\S]*?-->/g;

export function htmlSections(html: string): string[] {
  const cuts: number[] = [];
  let depth = 0;
  for (const m of html.matchAll(TAG)) {
    const [, closing, rawName, selfClosing] = m;
    if (!rawName) continue; // a comment
    const name = rawName.toLowerCase();
    if (closing) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    if (depth === 0 && /^h[1-6]$/.test(name)) cuts.push(m.index);
    if (!VOID.has(name) && !selfClosing) depth++;
  }
  // The first heading opens section 1 (together with whatever came before it).
  if (cuts[0] !== undefined) cuts[0] = 0;
  else cuts.push(0);
  const sections = cuts.map((start, i) => html.slice(start, cuts[i + 1] ?? html.length));
  return sections.filter((s, i) => i === 0 || s.trim() !== "");
}
