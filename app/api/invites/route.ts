import { route, parseJson } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { inviteSomeone } from "@/lib/auth/registration";
import { appOrigin } from "@/lib/http/origin";
import { inviteSchema } from "@/lib/validation/auth";

// POST /api/invites {email} — e-mails an invitation (valid 14 days) like `npm run invite`; 201 {email, expiresAt}.
// 409 when registration is open (no invitation needed), 429 beyond 20 a day per account.
export const POST = route(async (req) => {
  const user = await requireUser();
  const { email } = await parseJson(req, inviteSchema);
  return Response.json(await inviteSomeone(user, email, appOrigin(req)), { status: 201 });
});
