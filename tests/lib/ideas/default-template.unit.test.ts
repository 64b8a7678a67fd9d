import { DEFAULT_IDEA_TEMPLATE, ideaTemplate, templateHeading } from "@/lib/ideas/default-template";

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
