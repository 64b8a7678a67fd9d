import { DEFAULT_IDEA_TEMPLATE, TEMPLATE_SAMPLES, ideaTemplate, templateHeading, templateLinesLeft } from "@/lib/domain/ideas/default-template";

describe("the new-idea template", () => {
  test("keeps the spec's sections, with 'My Idea' as the heading when no title is given", () => {
    expect(DEFAULT_IDEA_TEMPLATE.startsWith("<h1>My Idea</h1><h2>Problem Statement</h2>")).toBe(true);
    for (const section of ["Solution Overview", "Key Features", "Target Audience", "Implementation Notes", "Next Steps"]) {
      expect(DEFAULT_IDEA_TEMPLATE).toContain(`<h2>${section}</h2>`);
    }
  });

  test("its first heading is the title, trimmed; a blank title falls back to 'My Idea'", () => {
    expect(ideaTemplate("My New Idea").startsWith("<h1>My New Idea</h1><h2>Problem Statement</h2>")).toBe(true);
    expect(templateHeading("  Solar kettle  ")).toBe("Solar kettle");
    expect(templateHeading("   ")).toBe("My Idea");
    expect(ideaTemplate("")).toBe(DEFAULT_IDEA_TEMPLATE);
  });

  test("a title is text, never markup", () => {
    expect(ideaTemplate('<img src=x onerror="alert(1)"> & co')).toContain(
      "<h1>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; co</h1>",
    );
  });
});

describe("template lines are placeholders", () => {
  test("the sample lines are empty paragraphs carrying their sample, never text", () => {
    expect(DEFAULT_IDEA_TEMPLATE).toContain('<ul><li><p data-template-placeholder="Pain point 1"></p></li>');
    expect(DEFAULT_IDEA_TEMPLATE).toContain('<li><p data-template-placeholder="Feature 3"></p></li></ol>');
    expect(DEFAULT_IDEA_TEMPLATE).not.toContain(">Pain point 1<");
    expect(DEFAULT_IDEA_TEMPLATE).not.toContain(">Feature 1<");
  });

  test("templateLinesLeft names the unfilled lines, and sample text stored as text by older drafts", () => {
    expect(templateLinesLeft(DEFAULT_IDEA_TEMPLATE)).toEqual([
      TEMPLATE_SAMPLES.problem,
      ...TEMPLATE_SAMPLES.painPoints,
      TEMPLATE_SAMPLES.solution,
      ...TEMPLATE_SAMPLES.features,
      TEMPLATE_SAMPLES.audience,
      TEMPLATE_SAMPLES.implementation,
      TEMPLATE_SAMPLES.nextSteps,
    ]);
    // Filled in (the editor drops the attribute once a line has text): nothing left.
    expect(templateLinesLeft("<h1>Kettle</h1><ul><li><p>Cold tea</p></li></ul>")).toEqual([]);
    // An old draft that kept the samples as text.
    expect(templateLinesLeft("<ul><li><p>Pain point 1</p></li><li><p>Boils slowly</p></li></ul><ol><li><p>Feature 2</p></li></ol>")).toEqual([
      "Pain point 1",
      "Feature 2",
    ]);
    // The editor's own serialisation of an unfilled line.
    expect(templateLinesLeft('<p data-template-placeholder="Feature 1"><br class="ProseMirror-trailingBreak"></p>')).toEqual(["Feature 1"]);
  });
});
