/**
 * A share link's text limits without any zod: the share form shows them in its hints at first paint, and must not pull
 * a zod build into the page's first load for a number. lib/domain/validation/share-link.ts re-exports them.
 */
export const SHARE_NAME_MAX = 100;
export const SHARE_NAME_MESSAGE = `Name must be at most ${SHARE_NAME_MAX} characters`;

export const SHARE_NOTE_MAX = 500;
export const SHARE_NOTE_MESSAGE = `Note must be at most ${SHARE_NOTE_MAX} characters`;
