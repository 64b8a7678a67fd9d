/**
 * Sharing limits without any zod: the recipient screens need these numbers at first paint and must not pull a zod
 * build into their first load for them (issue 7 §4). lib/validation/sharing.ts re-exports them.
 */
export const COMMENT_MAX_CHARS = 2000;
export const MAX_VIEWS_LIMIT = 1_000_000;
export const EMAIL_CODE_LENGTH = 6;
