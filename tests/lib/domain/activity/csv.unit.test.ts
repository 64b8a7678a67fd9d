import { csvCell, toCsv } from "@/lib/domain/activity/csv";

describe("csv", () => {
  it("quotes per RFC 4180: commas, quotes, line breaks and edge spaces", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line1\nline2")).toBe('"line1\nline2"');
    expect(csvCell(" padded")).toBe('" padded"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(new Date(Date.UTC(2026, 10, 23, 9, 5)))).toBe("2026-11-23T09:05:00.000Z");
  });

  it.each([
    ["=HYPERLINK(\"http://evil\")", '"\'=HYPERLINK(""http://evil"")"'],
    ["+1 555 0100", "'+1 555 0100"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\r=1", "\"'\r=1\""],
  ])("neutralises a formula-like cell %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("joins rows with CRLF and ends with one", () => {
    expect(toCsv([["a", "b"], ["c,d", null]])).toBe('a,b\r\n"c,d",\r\n');
  });
});
