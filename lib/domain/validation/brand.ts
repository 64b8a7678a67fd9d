import { z } from "zod";
import { singleLine } from "@/lib/domain/validation/single-line";

export const BRAND_NAME_MAX = 80;
export const ACCENT_INVALID = "Accent colour must be a colour like #1a73e8";
export const BRAND_NAME_TOO_LONG = `Display name must be at most ${BRAND_NAME_MAX} characters`;
export const LOGO_NOT_AN_IMAGE = "Logo must be a PNG, JPEG or WebP image";
export const LOGO_TOO_LARGE = "Logo must be 1 MB or smaller";
export const LOGO_MAX_BYTES = 1024 * 1024;

/** '#rrggbb'; stored lower-case. */
export const ACCENT_PATTERN = /^#[0-9a-fA-F]{6}$/;

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
