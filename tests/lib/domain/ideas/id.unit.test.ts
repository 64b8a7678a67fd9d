import { ideaIdOrNull, parseIdeaId, parseOptionalIdeaId } from "@/lib/domain/ideas/id";

describe("idea ids from requests", () => {
  it("accepts a positive 32-bit integer, from a string or a number", () => {
    expect(parseIdeaId("42")).toBe(42);
    expect(parseIdeaId(7)).toBe(7);
    expect(ideaIdOrNull("2147483647")).toBe(2_147_483_647);
  });

  it.each(["abc", "0", "-1", "1.5", "2147483648", "99999999999", undefined, null])("refuses %p as a 404", (raw) => {
    expect(ideaIdOrNull(raw)).toBeNull();
    expect(() => parseIdeaId(raw)).toThrow(expect.objectContaining({ name: "NotFoundError", status: 404, message: "Idea not found" }));
  });

  it("treats an absent optional id as none, but a present bad one as a 404", () => {
    expect(parseOptionalIdeaId(null)).toBeNull();
    expect(parseOptionalIdeaId("")).toBeNull();
    expect(parseOptionalIdeaId("3")).toBe(3);
    expect(() => parseOptionalIdeaId("x")).toThrow(expect.objectContaining({ status: 404 }));
  });
});
