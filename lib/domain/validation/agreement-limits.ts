/**
 * An agreement's limits without any zod: the agreement form on /profile sizes its fields with them, and importing a
 * number must not pull a zod build into the page. lib/domain/validation/agreements.ts re-exports them.
 */
export const AGREEMENT_TITLE_MAX = 200;
export const AGREEMENT_BODY_MAX = 20_000;
export const AGREEMENT_TITLE_MESSAGE = `Enter a title of 1 to ${AGREEMENT_TITLE_MAX} characters`;
export const AGREEMENT_BODY_MESSAGE = `Enter the agreement: 1 to ${AGREEMENT_BODY_MAX.toLocaleString("en-US")} characters`;
