import * as z from "zod";
import { multipartBody, ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { parseMultipart } from "@/lib/platform/uploads/multipart";
import { setProfileImage } from "@/lib/domain/ideas/images";
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from "@/lib/domain/validation/upload-limits";

// POST /api/profile/image — replace the profile image (multipart: image)
export const POST = ownerRoute({
  rateLimit: ({ user }) => rateLimits.uploads(user.id),
  body: multipartBody(z.object({ image: z.file() })),
  handler: async ({ req, user }) => {
    const { file } = await parseMultipart(req, { fileField: "image", maxFileBytes: IMAGE_MAX_BYTES, tooLarge: IMAGE_TOO_LARGE });
    return Response.json(await setProfileImage(user.id, file));
  },
});
