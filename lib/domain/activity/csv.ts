/**
 * RFC 4180 CSV, safe to open in a spreadsheet. Pure: no server imports.
 */

/** Cells a spreadsheet would read as a formula (or that start with a control it strips) get a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows joined with CRLF, the last one terminated too. */
export function toCsv(rows: readonly (readonly (string | number | Date | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
