import * as z from "zod";
import type { PathParam } from "@/lib/domain/validation/path-params";
import { idOrNull, parseRouteId } from "@/lib/domain/validation/route-id";
import { ideaIdSchema } from "@/lib/domain/validation/ideas";

/** An idea id from a URL, query or form field, or null when it cannot be one (for pages that call notFound()). */
export function ideaIdOrNull(raw: unknown): number | null {
  return idOrNull(raw, ideaIdSchema);
}

/** The 404 for an idea that is not the caller's, unknown, or cannot be an id: one answer, so ids cannot be probed. */
export const IDEA_NOT_FOUND = "Idea not found";

/** An idea id from a request; anything that cannot be one is the same 404 as another creator's idea. */
export function parseIdeaId(raw: unknown): number {
  return parseRouteId(raw, IDEA_NOT_FOUND, ideaIdSchema);
}

/** An optional id (a query or form field that may be absent or empty): null when absent, else as parseIdeaId. */
export function parseOptionalIdeaId(raw: string | null | undefined): number | null {
  return raw ? parseIdeaId(raw) : null;
}

/** An idea id as a path segment of a route: what parseIdeaId admits, else the same 404. */
export const ideaIdParam: PathParam<number> = { schema: z.string().regex(/^[1-9][0-9]{0,9}$/), parse: parseIdeaId };
