import { viewCountText } from "@/components/share/share-links";
import { viewLimitOf } from "@/lib/domain/validation/sharing-limits";

describe("the owner's view count (SPEC: ' / {max} max' when a maximum is set)", () => {
  test("one-time links show their maximum of recipients, 1 when none was given", () => {
    expect(viewCountText({ shareType: "one-time", maxViews: null, viewCount: 0 })).toBe("0 views / 1 max");
    expect(viewCountText({ shareType: "one-time", maxViews: 3, viewCount: 1 })).toBe("1 view / 3 max");
  });

  test("other links show a maximum only when one is set", () => {
    expect(viewCountText({ shareType: "time-dependent", maxViews: 5, viewCount: 2 })).toBe("2 views / 5 max");
    expect(viewCountText({ shareType: "full-access", maxViews: null, viewCount: 7 })).toBe("7 views");
  });

  test("the server and the list share one rule", () => {
    expect(viewLimitOf(true, null)).toBe(1);
    expect(viewLimitOf(true, 4)).toBe(4);
    expect(viewLimitOf(false, null)).toBeNull();
    expect(viewLimitOf(false, 4)).toBe(4);
  });
});
