import { initials, relativeTime } from "@/client/comment-format";

describe("relativeTime (SPEC §9)", () => {
  const now = new Date("2026-11-23T12:00:00.000Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const s = 1000;
  const min = 60 * s;
  const h = 60 * min;
  const d = 24 * h;

  it.each([
    [0, "just now"],
    [59 * s, "just now"],
    [59 * s + 999, "just now"],
    [60 * s, "1 minute ago"],
    [119 * s, "1 minute ago"],
    [120 * s, "2 minutes ago"],
    [59 * min + 59 * s, "59 minutes ago"],
    [60 * min, "1 hour ago"],
    [2 * h - 1, "1 hour ago"],
    [2 * h, "2 hours ago"],
    [23 * h + 59 * min, "23 hours ago"],
    [24 * h, "1 day ago"],
    [2 * d, "2 days ago"],
    [45 * d, "45 days ago"],
  ])("%i ms ago reads %p", (elapsed, text) => {
    expect(relativeTime(ago(elapsed), now)).toBe(text);
  });

  it("accepts ISO strings as the API sends them", () => {
    expect(relativeTime("2026-11-23T11:57:00.000Z", now)).toBe("3 minutes ago");
  });

  it("reads a time slightly in the future (clock skew) or an unreadable time as 'just now'", () => {
    expect(relativeTime(new Date(now.getTime() + 5 * s), now)).toBe("just now");
    expect(relativeTime("not a date", now)).toBe("just now");
  });
});

describe("initials (SPEC §3: first letters of the author's words)", () => {
  it.each([
    ["Ada Lovelace", "AL"],
    ["ada", "A"],
    ["  Grace   Brewster  Hopper ", "GBH"],
    ["Émile Zola", "ÉZ"],
    ["😀 Smile", "😀S"],
  ])("%p → %p", (author, expected) => {
    expect(initials(author)).toBe(expected);
  });

  it("is empty for a blank author", () => {
    expect(initials("   ")).toBe("");
  });
});
