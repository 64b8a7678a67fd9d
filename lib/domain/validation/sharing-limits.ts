/**
 * Sharing limits without any zod: the recipient screens need these numbers at first paint and must not pull a zod
 * build into their first load for them. lib/domain/validation/sharing.ts re-exports them.
 */
export const COMMENT_MAX_CHARS = 2000;
/** The highest page or section a comment may be anchored to (far above any document the reader accepts). */
export const COMMENT_PAGE_MAX = 100_000;
export const MAX_VIEWS_LIMIT = 1_000_000;
export const EMAIL_CODE_LENGTH = 6;
/**
 * A new passcode's length. Checked only when a passcode is set (creating or changing a link): links given a shorter
 * one before the minimum rose to 6 keep opening with it.
 */
export const PASSCODE_MIN_LENGTH = 6;
export const PASSCODE_MAX_LENGTH = 64;

/** How many recipients a one-time link admits when the owner left Maximum Views empty. */
export const ONE_TIME_DEFAULT_MAX_VIEWS = 1;

/**
 * The views a link allows in total (null: unlimited), for the server's gate and the owner's list alike. A one-time
 * link gives each recipient exactly one view and admits `maxViews` recipients (default 1); other links count views.
 */
export function viewLimitOf(oneTime: boolean, maxViews: number | null): number | null {
  return oneTime ? (maxViews ?? ONE_TIME_DEFAULT_MAX_VIEWS) : maxViews;
}
