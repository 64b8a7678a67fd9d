import { htmlSectionCount, htmlSections } from "@/lib/domain/ideas/sections";
import { ideaTemplate } from "@/lib/domain/ideas/default-template";

describe("htmlSections", () => {
  it("starts a section at every top-level heading, content before the first one joining section 1", () => {
    const html = "<p>Intro</p><h2>One</h2><p>a</p><h2>Two &amp; more</h2><p>b</p><h3>Three</h3><p>c</p>";
    const sections = htmlSections(html);
    expect(sections.map((s) => html.slice(s.start, s.end).match(/<h\d>(.*?)<\/h\d>/)?.[1])).toEqual(["One", "Two &amp; more", "Three"]);
    expect(html.slice(sections[0].start, sections[0].end)).toBe("<p>Intro</p><h2>One</h2><p>a</p>");
    expect(html.slice(sections[2].start, sections[2].end)).toBe("<h3>Three</h3><p>c</p>");
    expect(sections.map((s) => s.n)).toEqual([1, 2, 3]);
    expect(sections[sections.length - 1].end).toBe(html.length);
  });

  it("ignores headings nested in lists or quotes", () => {
    expect(htmlSectionCount("<h1>A</h1><p>x</p><blockquote><h2>inside</h2><p>y</p></blockquote><ul><li><h3>no</h3></li></ul>")).toBe(1);
  });

  it("lets a bare title join the section that follows (the editor's template: title, then six sections)", () => {
    const sections = htmlSections(ideaTemplate("My plan"));
    expect(sections).toHaveLength(6);
    expect(sections[0].start).toBe(0);
    const html = ideaTemplate("My plan");
    expect(html.slice(sections[0].start, sections[0].end)).toContain("Problem Statement");
    expect(html.slice(sections[5].start, sections[5].end)).toContain("Next Steps");
  });

  it("is one section without headings, for empty HTML, and for a lone heading", () => {
    expect(htmlSections("")).toEqual([{ n: 1, start: 0, end: 0 }]);
    expect(htmlSectionCount("<p>Just text<br>more</p>")).toBe(1);
    expect(htmlSectionCount("<h1>Only</h1>")).toBe(1);
    expect(htmlSectionCount("<h1>A</h1><hr><h2>B</h2><p>b</p>")).toBe(2);
  });
});
