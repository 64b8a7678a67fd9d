import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { parseMultipart } from "@/lib/uploads/multipart";
import { uploadEditorImage } from "@/lib/files/images";
import { IMAGE_MAX_BYTES, ideaIdSchema } from "@/lib/validation/ideas";
import { NotFoundError } from "@/lib/api/errors";

// POST /api/upload/image — an image for the editor (multipart: image, ideaId when present)
export const POST = route(async (req) => {
  const user = await requireUser();
  await enforceRateLimits(rateLimits.uploads(user.id));
  const { file, fields } = await parseMultipart(req, { fileField: "image", maxFileBytes: IMAGE_MAX_BYTES, tooLarge: "Images must be less than 5MB" });
  let ideaId: number | null = null;
  if (fields.ideaId) {
    const parsed = ideaIdSchema.safeParse(fields.ideaId);
    if (!parsed.success) throw new NotFoundError("Idea not found");
    ideaId = parsed.data;
  }
  return Response.json(await uploadEditorImage(user.id, file, ideaId), { status: 201 });
});
