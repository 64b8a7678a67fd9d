import { ownerRoute } from "@/lib/api/routes";
import { rateLimits } from "@/lib/rate-limit/policies";
import { accountExportFileName, accountExportStream } from "@/lib/account/export";
import { downloadHeaders } from "@/lib/http/download";

// GET /api/account/export — 'Download my data': a ZIP of everything the account holds, streamed as it is built
export const GET = ownerRoute({
  rateLimit: ({ user }) => rateLimits.accountExport(user.id),
  handler: ({ user }) => new Response(accountExportStream(user.id), { headers: downloadHeaders(accountExportFileName(), "application/zip") }),
});
