import * as z from "zod";
import { multipartBody, ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { uploadDraftVersionPdf, versionNumberParam } from "@/lib/domain/ideas/versions";
import { parseMultipart } from "@/lib/platform/uploads/multipart";
import { isPdf } from "@/lib/domain/files/sniff";
import { ValidationError } from "@/lib/platform/http/errors";
import { asErrorMessage, PDF_INVALID_TYPE, PDF_MAX_BYTES, PDF_TOO_LARGE } from "@/lib/domain/validation/upload-limits";

// PUT /api/ideas/{id}/versions/{n}/pdf — the PDF of a PDF idea's draft version (multipart: file), checked like POST /api/ideas/pdf
export const PUT = ownerRoute({
  rateLimit: ({ user }) => rateLimits.uploads(user.id),
  params: { id: ideaIdParam, n: versionNumberParam },
  body: multipartBody(z.object({ file: z.file() })),
  handler: async ({ req, user, params }) => {
    const { file } = await parseMultipart(req, { fileField: "file", maxFileBytes: PDF_MAX_BYTES, tooLarge: asErrorMessage(PDF_TOO_LARGE) });
    if (!file || file.data.length === 0) throw new ValidationError("No PDF file was uploaded");
    if (!isPdf(file.data)) throw new ValidationError(asErrorMessage(PDF_INVALID_TYPE));
    return Response.json(await uploadDraftVersionPdf(user.id, params.id, params.n, { fileName: file.fileName, data: file.data }));
  },
});
