import { recipientRoute } from "@/lib/api/routes";
import { recordIdParam } from "@/lib/api/path-params";
import { AGREEMENT_NOT_FOUND } from "@/lib/agreements/owned";
import { downloadResponse } from "@/lib/http/download";
import { appOrigin } from "@/lib/http/origin";
import { buildNdaCertificate, certificateFileName } from "@/lib/nda/certificate-pdf";
import { findCertificateData } from "@/lib/nda/certificate-data";

// GET /api/ndas/{id}/certificate.pdf — the acceptance's certificate, for the idea's owner or the recipient who accepted
export const GET = recipientRoute({
  params: { id: recordIdParam(AGREEMENT_NOT_FOUND) },
  handler: async ({ req, params, secrets, signedInUser }) => {
    const user = await signedInUser();
    const nda = await findCertificateData(params.id, { userId: user?.id ?? null, secrets });
    const pdf = await buildNdaCertificate(nda, appOrigin(req));
    return downloadResponse(Buffer.from(pdf), certificateFileName(nda.id), "application/pdf");
  },
});
