/**
 * RFC 8785 JSON Canonicalization Scheme (JCS): the bytes an evidence-log entry's hash covers. Pure: no server imports
 * (the verifier, tests and an outside reimplementation follow the same rules).
 *
 * - Objects: members sorted by their names compared as arrays of UTF-16 code units (JavaScript's own string order),
 *   no whitespace; members whose value is `undefined` are left out, as JSON.stringify does.
 * - Numbers: ECMAScript's Number-to-String (what JSON.stringify writes: `1e+30`, `0.002`, `-0` as `0`); NaN and the
 *   infinities are not JSON and are refused.
 * - Strings: JSON.stringify's escaping (`\b \t \n \f \r \" \\`, other controls as lower-case `\u00xx`, everything
 *   else as is). A lone surrogate is not I-JSON (RFC 7493) and is refused.
 */

export class CanonicalJsonError extends Error {}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function canonicalString(s: string) {
  if (LONE_SURROGATE.test(s)) throw new CanonicalJsonError("A string holds a lone surrogate");
  return JSON.stringify(s);
}

function canonicalNumber(n: number) {
  if (!Number.isFinite(n)) throw new CanonicalJsonError(`${n} is not a JSON number`);
  return JSON.stringify(n);
}

/** The canonical text of a JSON value (a value with a `toJSON`, such as a Date, is serialised as JSON.stringify would). */
export function canonicalize(value: unknown): string {
  if (value === null) return "null";
  if (value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") {
    return canonicalize((value as { toJSON: () => unknown }).toJSON());
  }
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      return canonicalNumber(value);
    case "string":
      return canonicalString(value);
    case "object": {
      if (Array.isArray(value)) return `[${value.map((v) => (v === undefined || typeof v === "function" ? "null" : canonicalize(v))).join(",")}]`;
      const members = Object.keys(value as object)
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
        .map((k) => `${canonicalString(k)}:${canonicalize((value as Record<string, unknown>)[k])}`);
      return `{${members.join(",")}}`;
    }
    default:
      throw new CanonicalJsonError(`A ${typeof value} is not JSON`);
  }
}
