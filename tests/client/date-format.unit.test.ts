import { isoDateTime, localDate, localDateTime, utcDateTime } from "@/lib/platform/format/date-format";

/** One date format on the creator's screens, local time shown and the UTC instant on hover. */
describe("date format", () => {
  const at = "2026-11-25T15:40:12.345Z";

  test("local date and time to the second, as the browser's locale writes them", () => {
    const date = new Date(at);
    expect(localDateTime(at)).toBe(date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" }));
    expect(localDateTime(date)).toBe(localDateTime(at));
    expect(localDate(at)).toBe(date.toLocaleDateString());
  });

  test("the tooltip and the machine-readable value are the UTC instant", () => {
    expect(utcDateTime(at)).toBe("2026-11-25 15:40:12 UTC");
    expect(isoDateTime(at)).toBe(at);
  });

  test("a missing or unreadable value writes nothing", () => {
    for (const v of [null, undefined, "", "not a date"]) {
      expect(localDateTime(v)).toBe("");
      expect(localDate(v)).toBe("");
      expect(utcDateTime(v)).toBe("");
      expect(isoDateTime(v)).toBeUndefined();
    }
  });
});
