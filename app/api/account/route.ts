import { NextResponse } from "next/server";
import { jsonBody, ownerRoute } from "@/lib/features/api/routes";
import { currentSessionSignedInAt } from "@/lib/domain/auth/session";
import { clearedSessionCookie } from "@/lib/domain/auth/session-cookie";
import { deleteAccountSchema } from "@/lib/domain/validation/auth";
import { deleteAccount } from "@/lib/features/account/delete";

// DELETE /api/account {password} — deletes the account and everything it owns; 204, the session cookie cleared.
// An account without a password (social sign-in) sends no body and must have signed in within the last 5 minutes.
export const DELETE = ownerRoute({
  // No body at all reads as {}: a password account then gets the 400 that asks for the password.
  body: jsonBody(deleteAccountSchema, { optional: true }),
  handler: async ({ user, body }) => {
    await deleteAccount(user.id, { password: body.password, signedInAt: await currentSessionSignedInAt() });
    // Every session of the account is already dead (no user behind its tokens); this browser forgets its cookie too.
    const res = new NextResponse(null, { status: 204 });
    const c = clearedSessionCookie();
    res.cookies.set(c.name, c.value, c.options);
    return res;
  },
});
