import * as z from "zod/mini";
import { isSingleLineText, singleLineMessage } from "@/lib/domain/validation/text";

/**
 * The one single-line rule of every schema, zod and zod/mini alike (a zod/mini check is a core check, which classic
 * schemas accept in `.check()`): no line breaks, control characters or bidirectional overrides (lib/domain/validation/text.ts).
 * Place it after `trim` and the shared safe-text check (whose message NUL and the like keep).
 */
export function singleLine(field: string) {
  return z.refine<string>(isSingleLineText, singleLineMessage(field));
}
