import { jsonBodyCheckedLater, ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { AGREEMENT_NOT_FOUND, deleteAgreement, getAgreement, updateAgreement } from "@/lib/domain/agreements";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { agreementSchema, type AgreementRequest } from "@/lib/domain/validation/agreements";

const params = { id: recordIdParam(AGREEMENT_NOT_FOUND) };

// GET /api/agreements/{id} — one of the creator's agreements with its versions [{version, title, body, createdAt, acceptedCount}]
export const GET = ownerRoute({
  params,
  handler: async ({ user, params }) => Response.json(await getAgreement(user.id, params.id)),
});

// PUT /api/agreements/{id} — {title, body, isDefault?}: edits the current version, or adds one if a recipient accepted it
export const PUT = ownerRoute({
  params,
  // An unknown or another creator's agreement is a 404 whatever the body says: lib/domain/agreements checks the body with the
  // agreement rules once the agreement is known to be the caller's.
  body: jsonBodyCheckedLater(agreementSchema, (data) => data as AgreementRequest),
  rateLimitChecked: ({ user }) => rateLimits.agreementWrites(user.id),
  handler: async ({ user, params, body }) => Response.json(await updateAgreement(user.id, params.id, body)),
});

// DELETE /api/agreements/{id} — 204; 409 while a link that is not revoked uses it
export const DELETE = ownerRoute({
  params,
  rateLimitChecked: ({ user }) => rateLimits.agreementWrites(user.id),
  handler: async ({ user, params }) => {
    await deleteAgreement(user.id, params.id);
    return new Response(null, { status: 204 });
  },
});
