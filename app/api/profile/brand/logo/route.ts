import * as z from "zod";
import { multipartBody, ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { parseMultipart } from "@/lib/platform/uploads/multipart";
import { removeBrandLogo, setBrandLogo } from "@/lib/domain/brand";
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE } from "@/lib/domain/validation/brand-limits";

// POST /api/profile/brand/logo — replace the brand logo (multipart: file; PNG, JPEG or WebP, at most 1 MB)
export const POST = ownerRoute({
  rateLimit: ({ user }) => rateLimits.uploads(user.id),
  body: multipartBody(z.object({ file: z.file() })),
  handler: async ({ req, user }) => {
    const { file } = await parseMultipart(req, { fileField: "file", maxFileBytes: LOGO_MAX_BYTES, tooLarge: LOGO_TOO_LARGE });
    return Response.json(await setBrandLogo(user.id, file));
  },
});

// DELETE /api/profile/brand/logo — remove the brand logo
export const DELETE = ownerRoute({
  rateLimit: ({ user }) => rateLimits.profileWrites(user.id),
  handler: async ({ user }) => Response.json(await removeBrandLogo(user.id)),
});
