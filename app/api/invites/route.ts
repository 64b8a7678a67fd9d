import { ownerRoute } from "@/lib/features/api/routes";
import { assertInvitesNeeded, inviteSomeone } from "@/lib/domain/auth/registration";
import { appOrigin } from "@/lib/platform/http/origin";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { inviteSchema } from "@/lib/domain/validation/auth";

// POST /api/invites {email} — e-mails an invitation (valid 14 days) like `npm run invite`; 201 {email, expiresAt}.
// 409 when registration is open (no invitation needed), 429 beyond 20 a day per account.
export const POST = ownerRoute({
  body: inviteSchema,
  load: async () => assertInvitesNeeded(),
  rateLimitChecked: ({ user }) => rateLimits.invites(user.id),
  handler: async ({ req, user, body }) => Response.json(await inviteSomeone(user, body.email, appOrigin(req)), { status: 201 }),
});
