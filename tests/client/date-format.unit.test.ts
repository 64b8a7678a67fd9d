import { isoDateTime, localDate, localDateTime, localShortDate, utcDateTime } from "@/lib/platform/format/date-format";

/** One date format on the creator's screens, local time shown and the UTC instant on hover. */
describe("date format", () => {
  const at = "2026-11-25T15:40:12.345Z";

  test("local date and time to the second, in en-GB's medium form whatever the locale", () => {
    const date = new Date(at);
    expect(localDateTime(at)).toBe(date.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium" }));
    expect(localDateTime(date)).toBe(localDateTime(at));
    expect(localDate(at)).toBe(date.toLocaleDateString("en-GB", { dateStyle: "medium" }));
  });

  test("the viewer's own time zone, single-digit days and midnight", () => {
    for (const iso of ["2026-01-05T00:00:09Z", "2026-07-31T23:59:59.999Z", "2024-02-29T12:00:00Z", "2026-09-05T10:00:00Z"]) {
      const date = new Date(iso);
      expect(localDateTime(iso)).toBe(date.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium" }));
      expect(localDate(iso)).toBe(date.toLocaleDateString("en-GB", { dateStyle: "medium" }));
    }
  });

  test("the dashboard card's short date is the locale's own", () => {
    expect(localShortDate(at)).toBe(new Date(at).toLocaleDateString());
    expect(localShortDate("not a date")).toBe("");
  });

  test("uses no Intl formatter (a tab's first one costs tens of milliseconds)", () => {
    const spy = jest.spyOn(Intl, "DateTimeFormat");
    const toLocale = jest.spyOn(Date.prototype, "toLocaleString");
    try {
      localDateTime(at);
      localDate(at);
      expect(spy).not.toHaveBeenCalled();
      expect(toLocale).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      toLocale.mockRestore();
    }
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
