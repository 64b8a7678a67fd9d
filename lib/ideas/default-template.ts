/** The heading of the template when there is no title to follow (spec §3: the template's title 'My Idea'). */
export const TEMPLATE_HEADING = "My Idea";

const TEMPLATE_SECTIONS = [
  "<h2>Problem Statement</h2>",
  "<p>Describe the problem your idea solves. Who experiences it, and why does it matter?</p>",
  "<ul>",
  "<li><p>Pain point 1</p></li>",
  "<li><p>Pain point 2</p></li>",
  "<li><p>Pain point 3</p></li>",
  "</ul>",
  "<h2>Solution Overview</h2>",
  "<p>Explain how your idea solves the problem and what makes it unique.</p>",
  "<h2>Key Features</h2>",
  "<ol>",
  "<li><p>Feature 1</p></li>",
  "<li><p>Feature 2</p></li>",
  "<li><p>Feature 3</p></li>",
  "</ol>",
  "<h2>Target Audience</h2>",
  "<p>Who will benefit from this idea? Describe your ideal users or customers.</p>",
  "<h2>Implementation Notes</h2>",
  "<blockquote><p>Add technical details, resources needed or potential challenges here.</p></blockquote>",
  "<h2>Next Steps</h2>",
  "<p>List the actions needed to move this idea forward.</p>",
].join("");

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
