import { z } from "zod";
import { isSafeText, UNSAFE_TEXT_MESSAGE } from "@/lib/validation/text";

/** A zod string that refuses NUL, other control characters and lone surrogates (see lib/validation/text.ts). */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSafeText, UNSAFE_TEXT_MESSAGE);
}
