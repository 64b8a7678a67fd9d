import { jsonBodyCheckedLater, ownerRoute } from "@/lib/features/api/routes";
import { appOrigin } from "@/lib/platform/http/origin";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { revokeShare, SHARE_NOT_FOUND, updateShare } from "@/lib/domain/shares";
import { updateShareSchema, type UpdateShareRequest } from "@/lib/domain/validation/share-link";

const params = { id: recordIdParam(SHARE_NOT_FOUND) };

// PATCH /api/shares/{id} — change a link after it went out (name, expiry, view limit, options, passcode, an e-mail link's addresses); never its type or idea
export const PATCH = ownerRoute({
  params,
  // An unknown or another creator's link is a 404 whatever the body says: lib/domain/shares updateShare checks the body with
  // the link rules once the link is known to be the caller's.
  body: jsonBodyCheckedLater(updateShareSchema, (data) => data as UpdateShareRequest),
  handler: async ({ req, user, params, body }) => Response.json(await updateShare(user.id, params.id, body, appOrigin(req))),
});

// DELETE /api/shares/{id} — revoke a link at once
export const DELETE = ownerRoute({
  params,
  handler: async ({ user, params }) => Response.json(await revokeShare(user.id, params.id)),
});
