import { htmlSections } from "@/lib/ideas/html-sections";

describe("htmlSections (issue 16 §2: one section per top-level heading)", () => {
  it("cuts before each top-level heading; content before the first joins section 1", () => {
    const html = "<p>Intro</p><h2>Problem</h2><p>a</p><h3>Detail</h3><p>b</p><h2>Solution</h2><ul><li>c</li></ul>";
    expect(htmlSections(html)).toEqual(["<p>Intro</p><h2>Problem</h2><p>a</p>", "<h3>Detail</h3><p>b</p>", "<h2>Solution</h2><ul><li>c</li></ul>"]);
  });

  it("ignores headings nested in other elements, void and self-closing tags do not nest", () => {
    const html = '<h1>T</h1><p>x<br>y<img src="/a.png"></p><blockquote><h2>quoted</h2></blockquote><hr/><h2>Next</h2>';
    expect(htmlSections(html)).toEqual(['<h1>T</h1><p>x<br>y<img src="/a.png"></p><blockquote><h2>quoted</h2></blockquote><hr/>', "<h2>Next</h2>"]);
  });

  it("HTML without headings, or empty, is one section", () => {
    expect(htmlSections("<p>only</p>")).toEqual(["<p>only</p>"]);
    expect(htmlSections("")).toEqual([""]);
  });
});
