import { NextResponse } from "next/server";
import { ownerRoute } from "@/lib/features/api/routes";
import { changePassword, checkCurrentPassword, passwordAccount, WRONG_CURRENT_PASSWORD } from "@/lib/domain/auth/change-password";
import { ForbiddenError } from "@/lib/platform/http/errors";
import { assertNotExhausted, recordFailures } from "@/lib/platform/rate-limit";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { sessionCookie } from "@/lib/domain/auth/session-cookie";
import { changePasswordSchema } from "@/lib/domain/validation/auth";

// PUT /api/profile/password {currentPassword, newPassword} — 200; every other session of the account ends and this
// browser gets a new session cookie. 403 for a wrong current password (429 after 10), 400 for a bad new one.
export const PUT = ownerRoute({
  body: changePasswordSchema,
  load: ({ user }) => passwordAccount(user.id),
  handler: async ({ loaded, body }) => {
    // Failure accounting, not a request limit: only wrong current passwords use it up.
    const failures = rateLimits.passwordChangeFailures(loaded.id);
    await assertNotExhausted(failures);
    const account = await checkCurrentPassword(loaded, body.currentPassword);
    if (!account) {
      await recordFailures(failures);
      throw new ForbiddenError(WRONG_CURRENT_PASSWORD);
    }
    const changed = await changePassword(account, body);
    const res = NextResponse.json({ success: true });
    const cookie = await sessionCookie(changed);
    res.cookies.set(cookie.name, cookie.value, cookie.options);
    return res;
  },
});
