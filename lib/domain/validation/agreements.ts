import { z } from "zod";
import { normalizeAgreementBody, PLACEHOLDERS, unknownPlaceholders } from "@/lib/domain/validation/own-agreement";
import { singleLine } from "@/lib/domain/validation/single-line";
import { isBlankText, isSafeText, UNSAFE_TEXT_MESSAGE } from "@/lib/domain/validation/text";
import { AGREEMENT_BODY_MAX, AGREEMENT_BODY_MESSAGE, AGREEMENT_TITLE_MAX, AGREEMENT_TITLE_MESSAGE } from "@/lib/domain/validation/agreement-limits";

/**
 * POST /api/agreements and PUT /api/agreements/{id}: parsed by the handlers and by the agreement form on
 * /profile, which shows each issue next to the field its path names.
 */
export { AGREEMENT_BODY_MAX, AGREEMENT_BODY_MESSAGE, AGREEMENT_TITLE_MAX, AGREEMENT_TITLE_MESSAGE };

/**
 * What a body may not hold besides line breaks and tabs: control characters, the Unicode line and paragraph separators
 * and the bidirectional overrides (they reorder what a recipient reads, lib/domain/validation/text.ts).
 */
const NOT_PLAIN_TEXT = /[\u0000-\u0008\u000b-\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export const unknownPlaceholderMessage = (found: string[]) =>
  `Unknown placeholder${found.length > 1 ? "s" : ""} ${found.join(", ")}. Use ${PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}.`;

const title = z
  .string(AGREEMENT_TITLE_MESSAGE)
  .refine(isSafeText, UNSAFE_TEXT_MESSAGE)
  .trim()
  .min(1, AGREEMENT_TITLE_MESSAGE)
  .max(AGREEMENT_TITLE_MAX, AGREEMENT_TITLE_MESSAGE)
  .check(singleLine("Title"))
  .refine((v) => !isBlankText(v), AGREEMENT_TITLE_MESSAGE);

const body = z
  .string(AGREEMENT_BODY_MESSAGE)
  .refine(isSafeText, UNSAFE_TEXT_MESSAGE)
  .transform(normalizeAgreementBody)
  .pipe(
    z
      .string()
      .min(1, AGREEMENT_BODY_MESSAGE)
      .max(AGREEMENT_BODY_MAX, AGREEMENT_BODY_MESSAGE)
      .refine((v) => !NOT_PLAIN_TEXT.test(v), "The agreement cannot contain control or text-direction characters.")
      .refine((v) => !isBlankText(v), AGREEMENT_BODY_MESSAGE)
      .superRefine((v, ctx) => {
        const unknown = unknownPlaceholders(v);
        if (unknown.length) ctx.addIssue({ code: "custom", message: unknownPlaceholderMessage(unknown) });
      }),
  );

export const agreementSchema = z.strictObject({
  title,
  body,
  isDefault: z.boolean("isDefault must be true or false").optional(),
});
export type AgreementRequest = z.input<typeof agreementSchema>;
export type AgreementInput = z.output<typeof agreementSchema>;

/** An agreement id as links name it: null is the standard agreement. */
export const agreementIdField = z.string("Choose an agreement").trim().min(1, "Choose an agreement").max(100, "Choose an agreement").nullable();
