import { NextResponse } from "next/server";
import { ownerRoute } from "@/lib/features/api/routes";
import { changePassword, passwordAccount } from "@/lib/domain/auth/change-password";
import { requireCurrentPassword } from "@/lib/features/profile/current-password";
import { sessionCookie } from "@/lib/domain/auth/session-cookie";
import { changePasswordSchema } from "@/lib/domain/validation/auth";

// PUT /api/profile/password {currentPassword, newPassword} — 200; every other session of the account ends and this
// browser gets a new session cookie. 403 for a wrong current password (429 after 10), 400 for a bad new one.
export const PUT = ownerRoute({
  body: changePasswordSchema,
  load: ({ user }) => passwordAccount(user.id),
  handler: async ({ loaded, body }) => {
    const account = await requireCurrentPassword(loaded, body.currentPassword);
    const changed = await changePassword(account, body);
    const res = NextResponse.json({ success: true });
    const cookie = await sessionCookie(changed);
    res.cookies.set(cookie.name, cookie.value, cookie.options);
    return res;
  },
});
