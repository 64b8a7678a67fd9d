import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { createPdfIdea } from "@/lib/ideas";
import { parseMultipart } from "@/lib/uploads/multipart";
import { isPdf } from "@/lib/files/sniff";
import { ValidationError } from "@/lib/api/errors";
import { ideaTitleSchema, PDF_MAX_BYTES } from "@/lib/validation/ideas";

// POST /api/ideas/pdf — turn an uploaded PDF (multipart: file, title) into a draft idea
export const POST = route(async (req) => {
  const user = await requireUser();
  const { file, fields } = await parseMultipart(req, {
    fileField: "file",
    maxFileBytes: PDF_MAX_BYTES,
    tooLarge: "File Too Large: PDF files must be less than 10MB",
  });
  if (!file || file.data.length === 0) throw new ValidationError("No PDF file was uploaded");
  if (!isPdf(file.data)) throw new ValidationError("Invalid File Type: Only PDF files are supported at this time");
  const fallback = file.fileName.replace(/\.pdf$/i, "") || "Untitled Idea";
  const title = ideaTitleSchema.safeParse(fields.title ?? fallback);
  const idea = await createPdfIdea(user.id, {
    title: title.success ? title.data : fallback.slice(0, 200),
    fileName: file.fileName || `${fallback}.pdf`,
    data: file.data,
  });
  return Response.json(idea, { status: 201 });
});
