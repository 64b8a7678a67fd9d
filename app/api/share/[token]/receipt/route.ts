import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { readerOf } from "@/lib/domain/gate";
import { linkByToken } from "@/lib/domain/gate/lookup";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { mailReaderReceipt } from "@/lib/domain/evidence/mail-receipt";

// POST /api/share/{token}/receipt — 'E-mail me my receipt': this browser's reader, to their proven address
export const POST = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK) },
  // A link to an idea or to a room (whose receipt covers its ideas).
  load: async ({ params, secrets }) => (await readerOf(await linkByToken(params.token), secrets)).recipient,
  rateLimitChecked: ({ loaded }) => rateLimits.receiptMail(loaded.id),
  handler: async ({ loaded }) => {
    await mailReaderReceipt({ shareId: loaded.shareId, recipientId: loaded.id, emailVerifiedAt: loaded.emailVerifiedAt });
    return Response.json({ sent: true });
  },
});
