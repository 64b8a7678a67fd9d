import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { parseMultipart } from "@/lib/uploads/multipart";
import { setProfileImage } from "@/lib/files/images";
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from "@/lib/validation/upload-limits";

// POST /api/profile/image — replace the profile image (multipart: image)
export const POST = route(async (req) => {
  const user = await requireUser();
  await enforceRateLimits(rateLimits.uploads(user.id));
  const { file } = await parseMultipart(req, { fileField: "image", maxFileBytes: IMAGE_MAX_BYTES, tooLarge: IMAGE_TOO_LARGE });
  return Response.json(await setProfileImage(user.id, file));
});
