/**
 * The one shape of an id or token that names a record, in a URL segment or a JSON body: record ids (cuid), idea ids
 * (digits) and share tokens (base64url) are all short URL-safe ASCII. Anything else (a NUL, an encoded lone
 * surrogate, a path, a megabyte of junk) names nothing, so it never reaches the database, where some of it would
 * crash the query (PostgreSQL refuses NUL in text). Kept free of zod: the recipient screens import it.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export function isWellFormedId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}

/** An access link's token: 32 random bytes in base64url (43 characters) today; older or future lengths within 22–100. */
export const ACCESS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,100}$/;

export function isTokenShaped(value: unknown): value is string {
  return typeof value === "string" && ACCESS_TOKEN_PATTERN.test(value);
}
