/**
 * RFC 8785 (JSON Canonicalization Scheme) for values that came from JSON.parse: object members sorted by their names'
 * UTF-16 code units, no whitespace, strings and numbers serialized as ECMAScript's JSON.stringify does (which is what
 * the RFC specifies for both).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error("canonical JSON has no representation for NaN or Infinity");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object") {
    const members = Object.keys(value as object)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${members.join(",")}}`;
  }
  throw new Error(`canonical JSON has no representation for a ${typeof value}`);
}
