import { z } from "zod";
import { singleLine } from "@/lib/domain/validation/single-line";
import { ACCENT_INVALID, ACCENT_PATTERN, BRAND_NAME_MAX, BRAND_NAME_TOO_LONG } from "@/lib/domain/validation/brand-limits";

/**
 * PUT /api/profile/brand. A blank display name is no name (the account's name is shown), so is null; an accent of
 * null is the app's own colour.
 */
export const brandUpdateSchema = z.strictObject({
  displayName: z
    .string({ error: "Display name must be text or null" })
    .trim()
    .max(BRAND_NAME_MAX, BRAND_NAME_TOO_LONG)
    .check(singleLine("Display name"))
    .nullable()
    .transform((v) => (v ? v : null)),
  accentColor: z
    .string({ error: ACCENT_INVALID })
    .regex(ACCENT_PATTERN, ACCENT_INVALID)
    .nullable()
    .transform((v) => v && v.toLowerCase()),
});
export type BrandUpdateInput = z.infer<typeof brandUpdateSchema>;
