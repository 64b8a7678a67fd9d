/** The heading of the template when there is no title to follow (spec §3: the template's title 'My Idea'). */
export const TEMPLATE_HEADING = "My Idea";

/**
 * The template's sample lines are placeholders, not text: each is an empty paragraph carrying its
 * sample as this attribute. The editor shows it in grey while the line is empty and drops it as soon as the line
 * has text (editor-extensions.ts), so a sample can never end up in an idea as if it were the creator's words. The
 * sanitizer keeps the attribute on <p> (a draft saved with unfilled lines still shows them as placeholders); a
 * recipient's page has no style for it, so a line left unfilled reads as an empty line, never as hidden text.
 */
export const TEMPLATE_PLACEHOLDER_ATTR = "data-template-placeholder";

const placeholder = (sample: string) => `<p ${TEMPLATE_PLACEHOLDER_ATTR}="${sample}"></p>`;

/** Each section's sample lines, in order (the texts of the original template, which stored them as text). */
export const TEMPLATE_SAMPLES = {
  problem: "Describe the problem your idea solves. Who experiences it, and why does it matter?",
  painPoints: ["Pain point 1", "Pain point 2", "Pain point 3"],
  solution: "Explain how your idea solves the problem and what makes it unique.",
  features: ["Feature 1", "Feature 2", "Feature 3"],
  audience: "Who will benefit from this idea? Describe your ideal users or customers.",
  implementation: "Add technical details, resources needed or potential challenges here.",
  nextSteps: "List the actions needed to move this idea forward.",
} as const;

const S = TEMPLATE_SAMPLES;
const TEMPLATE_SECTIONS = [
  "<h2>Problem Statement</h2>",
  placeholder(S.problem),
  `<ul>${S.painPoints.map((line) => `<li>${placeholder(line)}</li>`).join("")}</ul>`,
  "<h2>Solution Overview</h2>",
  placeholder(S.solution),
  "<h2>Key Features</h2>",
  `<ol>${S.features.map((line) => `<li>${placeholder(line)}</li>`).join("")}</ol>`,
  "<h2>Target Audience</h2>",
  placeholder(S.audience),
  "<h2>Implementation Notes</h2>",
  `<blockquote>${placeholder(S.implementation)}</blockquote>`,
  "<h2>Next Steps</h2>",
  placeholder(S.nextSteps),
].join("");

const ALL_SAMPLES: readonly string[] = [S.problem, ...S.painPoints, S.solution, ...S.features, S.audience, S.implementation, S.nextSteps];

/** The first heading a template shows for `title`: the trimmed title, or 'My Idea' while it is blank. */
export function templateHeading(title: string): string {
  return title.trim() || TEMPLATE_HEADING;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The spec's template whose first heading is the idea's title (the editor starts a new idea from this). */
export function ideaTemplate(title: string): string {
  return `<h1>${escapeHtml(templateHeading(title))}</h1>${TEMPLATE_SECTIONS}`;
}

/** Spec §3: the HTML a new idea starts from when no content is given (an API call without content). */
export const DEFAULT_IDEA_TEMPLATE = ideaTemplate(TEMPLATE_HEADING);

const UNFILLED_PLACEHOLDER = new RegExp(`<p ${TEMPLATE_PLACEHOLDER_ATTR}="[^"]*"\\s*>\\s*(<br[^>]*>)?\\s*</p>`);

/**
 * The template lines still in `html`, as their sample text: lines left unfilled, and whole lines that still read
 * as a sample (drafts written before the samples became placeholders stored them as text). Publishing asks first
 * when there are any.
 */
export function templateLinesLeft(html: string): string[] {
  const left: string[] = [];
  const unfilled = new RegExp(UNFILLED_PLACEHOLDER.source, "g");
  for (const match of html.matchAll(unfilled)) {
    const sample = /="([^"]*)"/.exec(match[0])?.[1];
    if (sample !== undefined) left.push(sample);
  }
  for (const sample of ALL_SAMPLES) {
    if (html.includes(`<p>${sample}</p>`)) left.push(sample);
  }
  return left;
}
