import * as z from "zod";
import { multipartBody, ownerRoute } from "@/lib/features/api/routes";
import { ValidationError } from "@/lib/platform/http/errors";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { parseMultipart } from "@/lib/platform/uploads/multipart";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { ownedIdeaOr404 } from "@/lib/domain/ideas/owned";
import { TRACE_IMAGE_MAX_BYTES, TRACE_IMAGE_TOO_LARGE, TRACE_IMAGE_TYPE, traceLeakedPage } from "@/lib/domain/shares/trace";

// POST /api/ideas/{id}/trace — which reader a leaked page image comes from (multipart: image, PNG/JPEG/WebP):
// {matches: [{recipientId, name, email, viewId, viewedAt, confidence, score}]}, best first; [] for an image from no view
export const POST = ownerRoute({
  params: { id: ideaIdParam },
  rateLimit: ({ user }) => rateLimits.uploads(user.id),
  body: multipartBody(z.object({ image: z.file() })),
  load: ({ user, params }) => ownedIdeaOr404(user.id, params.id, { select: { id: true, pdfAssetId: true } }),
  handler: async ({ req, loaded }) => {
    const { file } = await parseMultipart(req, { fileField: "image", maxFileBytes: TRACE_IMAGE_MAX_BYTES, tooLarge: TRACE_IMAGE_TOO_LARGE });
    if (!file || file.data.length === 0) throw new ValidationError(TRACE_IMAGE_TYPE);
    return Response.json(await traceLeakedPage(loaded, file.data));
  },
});
