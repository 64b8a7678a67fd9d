/**
 * Settings of the end-to-end test server that tests count with. The whole suite registers its accounts from one
 * address (127.0.0.1), well over the 10 an hour a real address may: the limits are scaled up, and a test that checks
 * a limit counts with the same factor.
 */
export const E2E_RATE_LIMIT_SCALE = 40;
