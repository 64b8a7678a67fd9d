import * as z from "zod";

/** A non-negative integer query parameter; anything else falls back to the default. */
const intParam = z
  .string()
  .optional()
  .transform((raw) => (raw && /^\d{1,7}$/.test(raw) ? Number(raw) : undefined));

/** `?offset=&limit=` of a timeline's page (GET /api/ideas/{id}/activity, GET /api/rooms/{id}/activity). */
export const activityPageQuery = z.object({ offset: intParam, limit: intParam });
