import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { AGREEMENT_NOT_FOUND } from "@/lib/domain/agreements/owned";
import { downloadResponse } from "@/lib/platform/http/download";
import { appOrigin } from "@/lib/platform/http/origin";
import { certificateFileName } from "@/lib/domain/agreements/certificate-pdf";
import { ndaCertificatePdf } from "@/lib/domain/agreements/stored-certificate";
import { findCertificateData } from "@/lib/domain/agreements/certificate-data";

// GET /api/ndas/{id}/certificate.pdf — the acceptance's certificate, for the idea's owner or the recipient who accepted
export const GET = recipientRoute({
  params: { id: recordIdParam(AGREEMENT_NOT_FOUND) },
  handler: async ({ req, params, secrets, signedInUser }) => {
    const user = await signedInUser();
    const nda = await findCertificateData(params.id, { userId: user?.id ?? null, secrets });
    const pdf = await ndaCertificatePdf(nda, appOrigin(req));
    return downloadResponse(Buffer.from(pdf), certificateFileName(nda.id), "application/pdf");
  },
});
