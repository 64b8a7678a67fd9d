import * as z from "zod";
import { multipartBody, ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { createPdfIdea } from "@/lib/domain/ideas";
import { parseMultipart } from "@/lib/platform/uploads/multipart";
import { isPdf } from "@/lib/domain/files/sniff";
import { ValidationError } from "@/lib/platform/http/errors";
import { asErrorMessage, PDF_INVALID_TYPE, PDF_MAX_BYTES, PDF_TOO_LARGE } from "@/lib/domain/validation/upload-limits";

// POST /api/ideas/pdf — turn an uploaded PDF (multipart: file, title) into a draft idea
export const POST = ownerRoute({
  rateLimit: ({ user }) => rateLimits.uploads(user.id),
  body: multipartBody(z.object({ file: z.file(), title: z.string().optional() })),
  handler: async ({ req, user }) => {
    const { file, fields } = await parseMultipart(req, {
      fileField: "file",
      maxFileBytes: PDF_MAX_BYTES,
      tooLarge: asErrorMessage(PDF_TOO_LARGE),
    });
    if (!file || file.data.length === 0) throw new ValidationError("No PDF file was uploaded");
    if (!isPdf(file.data)) throw new ValidationError(asErrorMessage(PDF_INVALID_TYPE));
    const idea = await createPdfIdea(user.id, { title: fields.title, fileName: file.fileName, data: file.data });
    return Response.json(idea, { status: 201 });
  },
});
