import { ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { accountExportFileName, accountExportStream } from "@/lib/features/account/export";
import { downloadHeaders } from "@/lib/platform/http/download";

// GET /api/account/export — 'Download my data': a ZIP of everything the account holds, streamed as it is built
export const GET = ownerRoute({
  rateLimit: ({ user }) => rateLimits.accountExport(user.id),
  handler: ({ user }) => new Response(accountExportStream(user.id), { headers: downloadHeaders(accountExportFileName(), "application/zip") }),
});
