import { ownerRoute } from "@/lib/features/api/routes";
import { passwordAccount } from "@/lib/domain/auth/change-password";
import { requireCurrentPassword } from "@/lib/features/profile/current-password";
import { NO_PASSWORD_FOR_EMAIL_CHANGE, requestEmailChange } from "@/lib/domain/auth/email-change";
import { appOrigin } from "@/lib/platform/http/origin";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { changeEmailSchema } from "@/lib/domain/validation/auth";

// POST /api/profile/email {newEmail, currentPassword} — 202: a confirmation link is mailed to the new address (the
// account moves there when it is opened, /confirm-email) and the current address is told. 400 for a bad or unchanged
// address or an account without a password, 403 for a wrong current password (counted with the password change's,
// 429 after 10), 409 when another account has the address.
export const POST = ownerRoute({
  body: changeEmailSchema,
  load: async function* ({ user, body }) {
    const account = await requireCurrentPassword(await passwordAccount(user.id, NO_PASSWORD_FOR_EMAIL_CHANGE), body.currentPassword);
    // Counted once the password is right: each request mails an address the member typed.
    yield rateLimits.emailChangeRequests(account.id);
    return account;
  },
  handler: async ({ req, loaded, body }) => {
    await requestEmailChange(loaded, body.newEmail, appOrigin(req));
    return Response.json({ pending: true }, { status: 202 });
  },
});
