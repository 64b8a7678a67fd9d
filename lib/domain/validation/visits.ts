import * as z from "zod";
import { ID_PATTERN } from "@/lib/domain/validation/ids";

export const VISITS_DEFAULT_LIMIT = 20;
export const VISITS_MAX_LIMIT = 100;

const idParam = (name: string) => z.string().regex(ID_PATTERN, { error: `${name} is not a valid id.` }).optional();

/** `?email=&shareId=&cursor=&limit=` of GET /api/ideas/{id}/visits; a malformed value is a 400, not ignored. */
export const visitsQuery = z.object({
  email: z
    .string()
    .trim()
    .max(320, { error: "email must be at most 320 characters." })
    .transform((e) => e.toLowerCase())
    .optional(),
  shareId: idParam("shareId"),
  cursor: idParam("cursor"),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: `limit must be a whole number from 1 to ${VISITS_MAX_LIMIT}.` })
    .transform(Number)
    .refine((n) => n >= 1 && n <= VISITS_MAX_LIMIT, { error: `limit must be a whole number from 1 to ${VISITS_MAX_LIMIT}.` })
    .optional(),
});
export type VisitsQuery = z.infer<typeof visitsQuery>;
