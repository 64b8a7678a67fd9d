import { parseJson, privateRoute } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { revokeShare, SHARE_NOT_FOUND, updateShare } from "@/lib/shares";
import { parseRouteId } from "@/lib/api/route-id";
import type { UpdateShareRequest } from "@/lib/validation/share-link";

/** The body as sent: lib/shares updateShare parses it with the link rules once the link is known to be the caller's. */
const anyJson = { parse: (data: unknown) => data };

// PATCH /api/shares/{id} — change a link after it went out (name, expiry, view limit, options, passcode); never its type or idea
export const PATCH = privateRoute<{ id: string }>(async (req, { params }) => {
  const user = await requireUser();
  const id = parseRouteId((await params).id, SHARE_NOT_FOUND);
  // An unknown or another creator's link is a 404 whatever the body says (the link is looked up first).
  return Response.json(await updateShare(user.id, id, (await parseJson(req, anyJson)) as UpdateShareRequest));
});

// DELETE /api/shares/{id} — revoke a link at once
export const DELETE = privateRoute<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const id = parseRouteId((await params).id, SHARE_NOT_FOUND);
  return Response.json(await revokeShare(user.id, id));
});
