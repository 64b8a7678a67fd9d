/** The starting content of a new idea when none is given (SPEC §3). */
export const DEFAULT_IDEA_TEMPLATE = `<h1>My Idea</h1>
<h2>Problem Statement</h2>
<ul><li><p>What pain point does this idea address?</p></li><li><p>Who experiences it, and how often?</p></li><li><p>Why do current solutions fall short?</p></li></ul>
<h2>Solution Overview</h2>
<p>Describe your solution in a few sentences.</p>
<h2>Key Features</h2>
<ol><li><p>First key feature</p></li><li><p>Second key feature</p></li><li><p>Third key feature</p></li></ol>
<h2>Target Audience</h2>
<p>Who will use or buy this?</p>
<h2>Implementation Notes</h2>
<blockquote><p>Technical approach, resources needed, open questions.</p></blockquote>
<h2>Next Steps</h2>
<p>What will you do first?</p>`;
