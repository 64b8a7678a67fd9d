import * as z from "zod/mini";

/**
 * POST /api/share/{token}/engagement: reading time the reader measured since its last report, per page (PDF) or
 * section (HTML), n from 1. zod/mini like the other schemas the recipient pages may load.
 */
export const ENGAGEMENT_MAX_PAGES = 500;
/** No single report may claim more than an hour on one page (the view window itself is an hour). */
export const ENGAGEMENT_MAX_MS = 60 * 60 * 1000;

export const engagementSchema = z.object({
  /** The item read, on a room link (required there; an idea link's report needs none and ignores it). */
  ideaId: z.optional(z.int("ideaId must be an idea's number").check(z.positive("ideaId must be an idea's number"), z.lte(2_147_483_647, "ideaId must be an idea's number"))),
  pages: z
    .array(
      z.object({
        n: z.int().check(z.positive("Page numbers start at 1"), z.lte(100_000, "Page number too large")),
        ms: z.int().check(z.gte(0, "Reading time cannot be negative"), z.lte(ENGAGEMENT_MAX_MS, "Reading time too large")),
      }),
    )
    .check(z.maxLength(ENGAGEMENT_MAX_PAGES, `At most ${ENGAGEMENT_MAX_PAGES} pages per report`)),
});
export type EngagementInput = z.infer<typeof engagementSchema>;
