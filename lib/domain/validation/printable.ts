import * as z from "zod/mini";
import { unprintableCharacter, unprintableMessage } from "@/lib/domain/validation/printable-text";

/**
 * A value the agreement and its certificate print (a recipient's name): refused when it holds a symbol, punctuation
 * mark or invisible character the certificate's font cannot draw, even once look-alike punctuation is folded
 * (lib/domain/validation/printable-text.ts), so what the recipient reads on screen is what the certificate shows. The message names the
 * character. Place it after the single-line check, whose message a line break keeps.
 */
export function printableOnAgreement(field: string) {
  return z.check<string>((ctx) => {
    const ch = unprintableCharacter(ctx.value);
    if (ch !== null) ctx.issues.push({ code: "custom", input: ctx.value, message: unprintableMessage(field, ch) });
  });
}
