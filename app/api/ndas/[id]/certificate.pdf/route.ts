import { privateRoute } from "@/lib/api/handler";
import { getCurrentUser } from "@/lib/auth/session";
import { downloadResponse } from "@/lib/http/download";
import { appOrigin } from "@/lib/http/origin";
import { buildNdaCertificate, certificateFileName } from "@/lib/nda/certificate-pdf";
import { findCertificateData } from "@/lib/nda/certificate-data";
import { readRecipientSecrets } from "@/lib/recipients/cookies";
import { parseRouteId } from "@/lib/api/route-id";

// GET /api/ndas/{id}/certificate.pdf — the acceptance's certificate, for the idea's owner or the recipient who accepted
export const GET = privateRoute<{ id: string }>(async (req, { params }) => {
  const user = await getCurrentUser();
  const nda = await findCertificateData(parseRouteId((await params).id, "Agreement not found"), { userId: user?.id ?? null, secrets: await readRecipientSecrets() });
  const pdf = await buildNdaCertificate(nda, appOrigin(req));
  return downloadResponse(Buffer.from(pdf), certificateFileName(nda.id), "application/pdf");
});
