/**
 * PostgreSQL text columns refuse NUL (error 22021) and lone UTF-16 surrogates cannot be encoded as UTF-8, so such
 * input would crash a write with a 500. Every free-text field of every schema (zod and zod/mini) checks this one rule.
 * Other C0 controls are refused too (tab, newline and carriage return stay allowed): they are never meaningful in a
 * title or a name and some are dropped by browsers in surprising ways.
 */
export const UNSAFE_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSAFE_TEXT_MESSAGE = "Text contains characters that are not allowed";

export function isSafeText(value: string) {
  return !UNSAFE_TEXT.test(value);
}

/** Removes what UNSAFE_TEXT refuses: for names we did not choose, such as an uploaded file's name. */
export function stripUnsafeText(value: string) {
  return value.replace(new RegExp(UNSAFE_TEXT.source, "g"), "");
}

/**
 * What a single-line field (every name, a phone number, an idea title) refuses on top of UNSAFE_TEXT: every control
 * character (C0 including tab and line breaks, DEL, C1 including NEL), the Unicode line and paragraph separators, and
 * the bidirectional embedding, override and isolate characters (U+202A–U+202E, U+2066–U+2069), which reorder what an
 * owner reads ("\u202eevil\u202c Bob" shows as "live Bob"). These values are printed into evidence and e-mails as
 * one labelled line; a line break there would forge a clause or a field.
 */
export const NOT_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export function isSingleLineText(value: string) {
  return !NOT_SINGLE_LINE.test(value);
}

export function singleLineMessage(field: string) {
  return `${field} cannot contain line breaks or control characters.`;
}

/**
 * A value stored before single-line fields were enforced, made printable on one line: each refused character
 * becomes a visible escape (a line break reads "\u000A"), so nothing it holds can pass for a clause or a field.
 */
export function toSingleLine(value: string) {
  return value.replace(new RegExp(NOT_SINGLE_LINE.source, "g"), (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`);
}

/**
 * Characters that render as nothing: white space, format characters (zero-width space, joiners, word joiner, BOM,
 * soft hyphen, direction marks, invisible operators…) and the fillers and blanks that fonts draw empty (combining
 * grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian and other variation selectors, braille blank).
 */
const INVISIBLE_ONLY = /^[\s\p{Cf}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0\u{e0100}-\u{e01ef}]*$/u;

/** True when nothing of `value` would be visible: empty, white space, zero-width characters or a mix of them. */
export function isBlankText(value: string) {
  return INVISIBLE_ONLY.test(value);
}
