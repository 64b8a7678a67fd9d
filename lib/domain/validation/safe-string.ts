import { z } from "zod";
import { singleLine } from "@/lib/domain/validation/single-line";
import { isSafeText, UNSAFE_TEXT_MESSAGE } from "@/lib/domain/validation/text";

/** A zod string that refuses NUL, other control characters and lone surrogates (see lib/domain/validation/text.ts). */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSafeText, UNSAFE_TEXT_MESSAGE);
}

/**
 * A trimmed safe string that must also stay on one line (names, titles): `field` names it in the message, e.g. "Name
 * cannot contain line breaks or control characters." Surrounding whitespace (a pasted trailing line break) is trimmed
 * first, as before; what remains may hold no line break at all.
 */
export function singleLineString(field: string, params?: Parameters<typeof z.string>[0]) {
  return safeString(params).trim().check(singleLine(field));
}
