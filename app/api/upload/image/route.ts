import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { parseMultipart } from "@/lib/uploads/multipart";
import { uploadEditorImage } from "@/lib/files/images";
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from "@/lib/validation/upload-limits";
import { parseOptionalIdeaId } from "@/lib/ideas/id";

// POST /api/upload/image — an image for the editor (multipart: image, ideaId when present)
export const POST = route(async (req) => {
  const user = await requireUser();
  await enforceRateLimits(rateLimits.uploads(user.id));
  const { file, fields } = await parseMultipart(req, { fileField: "image", maxFileBytes: IMAGE_MAX_BYTES, tooLarge: IMAGE_TOO_LARGE });
  return Response.json(await uploadEditorImage(user.id, file, parseOptionalIdeaId(fields.ideaId)), { status: 201 });
});
