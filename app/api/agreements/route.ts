import { parseJson, route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { createAgreement, listAgreements } from "@/lib/agreements";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { agreementSchema } from "@/lib/validation/agreements";

// GET /api/agreements — the creator's own agreements: [{id, title, body, version, isDefault, inUse, createdAt, updatedAt}]
export const GET = route(async () => {
  const user = await requireUser();
  return Response.json(await listAgreements(user.id));
});

// POST /api/agreements — create one {title, body, isDefault?} (version 1)
export const POST = route(async (req) => {
  const user = await requireUser();
  const input = await parseJson(req, agreementSchema);
  await enforceRateLimits(rateLimits.agreementWrites(user.id));
  return Response.json(await createAgreement(user.id, input), { status: 201 });
});
