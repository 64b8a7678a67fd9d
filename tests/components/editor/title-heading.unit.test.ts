import { followTitle } from "@/components/editor/title-heading";

describe("a new idea's first heading follows its title", () => {
  test("while it still shows what the title gave it", () => {
    expect(followTitle("My New Idea", "My New Idea", "My New Idea, v2")).toBe("My New Idea, v2");
    expect(followTitle("Tidal clock", "Tidal clock", "  Tidal clocks ")).toBe("Tidal clocks");
  });

  test("a blank title gives the template's 'My Idea'", () => {
    expect(followTitle("Tidal clock", "Tidal clock", "   ")).toBe("My Idea");
  });

  test("no change when the text would stay the same", () => {
    expect(followTitle("Tidal clock", "Tidal clock", "Tidal clock ")).toBeNull();
  });

  test("never once the user has edited the heading", () => {
    expect(followTitle("My own heading", "My New Idea", "Something else")).toBeNull();
  });
});
