import { NotFoundError } from "@/lib/platform/http/errors";
import { isTokenShaped, isWellFormedId } from "@/lib/domain/validation/ids";

/** What an id parser needs of a schema (zod's safeParse); idea ids use ideaIdSchema, everything else the id rule. */
type IdSchema<T> = { safeParse(raw: unknown): { success: true; data: T } | { success: false } };

/** Record ids and share tokens: lib/domain/validation/ids.ts. */
export const recordIdSchema: IdSchema<string> = {
  safeParse: (raw) => (isWellFormedId(raw) ? { success: true, data: raw } : { success: false }),
};

/** Access-link tokens (the {token} segments): a well-formed id that is too short to be a token names no link. */
export const accessTokenSchema: IdSchema<string> = {
  safeParse: (raw) => (isTokenShaped(raw) ? { success: true, data: raw } : { success: false }),
};

/** An id from a URL segment, query or form field, or null when it cannot be one (pages call notFound()). */
export function idOrNull(raw: unknown): string | null;
export function idOrNull<T>(raw: unknown, schema: IdSchema<T>): T | null;
export function idOrNull(raw: unknown, schema: IdSchema<unknown> = recordIdSchema) {
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * The one parser of every dynamic segment of every route handler: an id that cannot be one is simply not found, the
 * same 404 (with the same message) as an unknown record or another creator's.
 */
export function parseRouteId(raw: unknown, notFound: string): string;
export function parseRouteId<T>(raw: unknown, notFound: string, schema: IdSchema<T>): T;
export function parseRouteId(raw: unknown, notFound: string, schema: IdSchema<unknown> = recordIdSchema) {
  const id = idOrNull(raw, schema);
  if (id === null) throw new NotFoundError(notFound);
  return id;
}
