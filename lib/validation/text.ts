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
 * Characters that render as nothing: white space, format characters (zero-width space, joiners, word joiner, BOM,
 * soft hyphen, direction marks, invisible operators…) and the fillers and blanks that fonts draw empty (combining
 * grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian and other variation selectors, braille blank).
 */
const INVISIBLE_ONLY = /^[\s\p{Cf}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0\u{e0100}-\u{e01ef}]*$/u;

/** True when nothing of `value` would be visible: empty, white space, zero-width characters or a mix of them. */
export function isBlankText(value: string) {
  return INVISIBLE_ONLY.test(value);
}
