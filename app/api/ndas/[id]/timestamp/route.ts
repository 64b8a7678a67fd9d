import { ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { AGREEMENT_NOT_FOUND } from "@/lib/domain/agreements/owned";
import { getNdaTimestamp } from "@/lib/domain/evidence/proofs";

// GET /api/ndas/{id}/timestamp — the timestamp of an NDA acceptance record of one of the owner's ideas
export const GET = ownerRoute({
  params: { id: recordIdParam(AGREEMENT_NOT_FOUND) },
  handler: async ({ user, params }) => Response.json(await getNdaTimestamp(user.id, params.id)),
});
