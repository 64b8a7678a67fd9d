import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { parseIdeaId } from "@/lib/ideas/id";
import { parseVersionNumber, uploadDraftVersionPdf } from "@/lib/ideas/versions";
import { parseMultipart } from "@/lib/uploads/multipart";
import { isPdf } from "@/lib/files/sniff";
import { ValidationError } from "@/lib/api/errors";
import { asErrorMessage, PDF_INVALID_TYPE, PDF_MAX_BYTES, PDF_TOO_LARGE } from "@/lib/validation/upload-limits";

type Params = { id: string; n: string };

// PUT /api/ideas/{id}/versions/{n}/pdf — the PDF of a PDF idea's draft version (multipart: file), checked like POST /api/ideas/pdf
export const PUT = route<Params>(async (req, { params }) => {
  const user = await requireUser();
  await enforceRateLimits(rateLimits.uploads(user.id));
  const p = await params;
  const [id, n] = [parseIdeaId(p.id), parseVersionNumber(p.n)];
  const { file } = await parseMultipart(req, { fileField: "file", maxFileBytes: PDF_MAX_BYTES, tooLarge: asErrorMessage(PDF_TOO_LARGE) });
  if (!file || file.data.length === 0) throw new ValidationError("No PDF file was uploaded");
  if (!isPdf(file.data)) throw new ValidationError(asErrorMessage(PDF_INVALID_TYPE));
  return Response.json(await uploadDraftVersionPdf(user.id, id, n, { fileName: file.fileName, data: file.data }));
});
