import { NextResponse } from "next/server";
import { publicRoute } from "@/lib/features/api/routes";
import { confirmEmailChangeSchema } from "@/lib/domain/validation/auth";
import { confirmEmailChange } from "@/lib/domain/auth/email-change";
import { getCurrentUser } from "@/lib/domain/auth/session";
import { sessionCookie } from "@/lib/domain/auth/session-cookie";
import { rateLimits } from "@/lib/platform/rate-limit/policies";

// POST /api/auth/confirm-email {token} — spend the link mailed to a new address: {email}, the account's address now;
// 400 when the link is unknown, used or expired, 409 when another account took the address meanwhile. Every session
// of the account issued before ends; a browser signed in to that account when it opens the link gets a new one.
export const POST = publicRoute({
  rateLimit: ({ ip }) => rateLimits.confirmEmailChange(ip),
  body: confirmEmailChangeSchema,
  handler: async ({ body }) => {
    const signedIn = await getCurrentUser();
    const changed = await confirmEmailChange(body.token);
    const res = NextResponse.json({ email: changed.email });
    if (signedIn?.id === changed.id) {
      const cookie = await sessionCookie(changed);
      res.cookies.set(cookie.name, cookie.value, cookie.options);
    }
    return res;
  },
});
