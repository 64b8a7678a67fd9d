import { parseJson, route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { AGREEMENT_NOT_FOUND, deleteAgreement, getAgreement, updateAgreement } from "@/lib/agreements";
import { parseRouteId } from "@/lib/api/route-id";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import type { AgreementRequest } from "@/lib/validation/agreements";

/** The body as sent: lib/agreements parses it with the agreement rules once the agreement is known to be the caller's. */
const anyJson = { parse: (data: unknown) => data as AgreementRequest };

// GET /api/agreements/{id} — one of the creator's agreements with its versions [{version, title, body, createdAt, acceptedCount}]
export const GET = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const id = parseRouteId((await params).id, AGREEMENT_NOT_FOUND);
  return Response.json(await getAgreement(user.id, id));
});

// PUT /api/agreements/{id} — {title, body, isDefault?}: edits the current version, or adds one if a recipient accepted it
export const PUT = route<{ id: string }>(async (req, { params }) => {
  const user = await requireUser();
  const id = parseRouteId((await params).id, AGREEMENT_NOT_FOUND);
  // An unknown or another creator's agreement is a 404 whatever the body says (it is looked up first).
  const input = await parseJson(req, anyJson);
  await enforceRateLimits(rateLimits.agreementWrites(user.id));
  return Response.json(await updateAgreement(user.id, id, input));
});

// DELETE /api/agreements/{id} — 204; 409 while a link that is not revoked uses it
export const DELETE = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const id = parseRouteId((await params).id, AGREEMENT_NOT_FOUND);
  await enforceRateLimits(rateLimits.agreementWrites(user.id));
  await deleteAgreement(user.id, id);
  return new Response(null, { status: 204 });
});
