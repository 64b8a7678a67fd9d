import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { accountExportFileName, accountExportStream } from "@/lib/account/export";
import { downloadHeaders } from "@/lib/http/download";

// GET /api/account/export — 'Download my data': a ZIP of everything the account holds, streamed as it is built
export const GET = route(async () => {
  const user = await requireUser();
  await enforceRateLimits(rateLimits.accountExport(user.id));
  return new Response(accountExportStream(user.id), { headers: downloadHeaders(accountExportFileName(), "application/zip") });
});
