import { ideaReachText } from "@/components/dashboard/idea-card";

/** Each dashboard card shows its views and recipients count, in the right singular and plural. */
describe("the card's views and recipients", () => {
  test("plural, singular and zero", () => {
    expect(ideaReachText({ viewCount: 3, recipientCount: 2 })).toBe("3 views · 2 recipients");
    expect(ideaReachText({ viewCount: 1, recipientCount: 1 })).toBe("1 view · 1 recipient");
    expect(ideaReachText({ viewCount: 0, recipientCount: 0 })).toBe("0 views · 0 recipients");
  });
});
