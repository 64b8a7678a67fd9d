import { z } from "zod";
import { safeString, singleLineString } from "@/lib/domain/validation/safe-string";

export const TITLE_REQUIRED = "Please enter a title for your idea";
export const MAX_HTML_CHARS = 2_000_000; // base64 images make HTML large; bounded all the same
/** Request bodies carrying idea content: the HTML limit plus JSON escaping and the title. */
export const MAX_IDEA_BODY_BYTES = 3_000_000;

export const ideaTitleSchema = singleLineString("Title", { error: TITLE_REQUIRED })
  .min(1, TITLE_REQUIRED)
  .max(200, "Title must be at most 200 characters");

const canvasElement = z.object({
  type: z.enum(["text", "rect", "circle"]),
  x: z.number().finite(),
  y: z.number().finite(),
  rotation: z.number().finite().optional(),
  text: safeString().max(10_000).optional(),
  fontSize: z.number().positive().max(1000).default(16),
  fontFamily: safeString().max(100).default("Arial"),
  fill: safeString().max(50).optional(),
  fontStyle: safeString().max(50).optional(),
  width: z.number().nonnegative().optional(),
  height: z.number().nonnegative().optional(),
  radius: z.number().nonnegative().optional(),
  stroke: safeString().max(50).optional(),
  strokeWidth: z.number().nonnegative().optional(),
});
export type CanvasElement = z.infer<typeof canvasElement>;

export const ideaContentSchema = z.union([
  z.string().max(MAX_HTML_CHARS, "Idea content is too large"),
  z.object({ elements: z.array(canvasElement).max(2000) }).strict(),
  // A PDF idea resends its own content unchanged; the server ignores it.
  z.object({ type: z.literal("pdf"), fileName: safeString().max(300), pdfPath: safeString().max(300) }),
]);

export type IdeaContentInput = z.infer<typeof ideaContentSchema>;

/** The body of POST /api/ideas and PUT /api/ideas/{id}: both take {title, content}. */
export const ideaInputSchema = z.object({
  title: ideaTitleSchema,
  content: ideaContentSchema.optional().nullable(),
});
export type IdeaInput = z.infer<typeof ideaInputSchema>;

export const ideaIdSchema = z.coerce
  .number({ error: "Idea not found" })
  .int("Idea not found")
  .positive("Idea not found")
  .max(2_147_483_647, "Idea not found");

// The upload limits live without zod in upload-limits.ts (client bundles import them); kept importable here too.
export { IMAGE_MAX_BYTES, PDF_MAX_BYTES } from "./upload-limits";
