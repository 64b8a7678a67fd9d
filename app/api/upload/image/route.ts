import * as z from "zod";
import { multipartBody, ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { parseMultipart } from "@/lib/platform/uploads/multipart";
import { uploadEditorImage } from "@/lib/domain/ideas/images";
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from "@/lib/domain/validation/upload-limits";
import { parseOptionalIdeaId } from "@/lib/domain/ideas/id";

// POST /api/upload/image — an image for the editor (multipart: image, ideaId when present)
export const POST = ownerRoute({
  rateLimit: ({ user }) => rateLimits.uploads(user.id),
  body: multipartBody(z.object({ image: z.file(), ideaId: z.string().optional() })),
  handler: async ({ req, user }) => {
    const { file, fields } = await parseMultipart(req, { fileField: "image", maxFileBytes: IMAGE_MAX_BYTES, tooLarge: IMAGE_TOO_LARGE });
    return Response.json(await uploadEditorImage(user.id, file, parseOptionalIdeaId(fields.ideaId)), { status: 201 });
  },
});
