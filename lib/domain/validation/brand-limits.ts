/**
 * The brand's limits and messages, one source for the profile form's early checks and the server's refusals. No zod
 * here: the profile's client code imports it without pulling a schema library into its bundle.
 */
export const BRAND_NAME_MAX = 80;
export const ACCENT_INVALID = "Accent colour must be a colour like #1a73e8";
export const BRAND_NAME_TOO_LONG = `Display name must be at most ${BRAND_NAME_MAX} characters`;
export const LOGO_NOT_AN_IMAGE = "Logo must be a PNG, JPEG or WebP image";
export const LOGO_TOO_LARGE = "Logo must be 1 MB or smaller";
export const LOGO_MAX_BYTES = 1024 * 1024;

/** '#rrggbb'; stored lower-case. */
export const ACCENT_PATTERN = /^#[0-9a-fA-F]{6}$/;
