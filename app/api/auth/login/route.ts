import { cookies } from "next/headers";
import { publicRoute } from "@/lib/features/api/routes";
import { loginSchema } from "@/lib/domain/validation/auth";
import { authenticate } from "@/lib/domain/auth/accounts";
import { sessionCookie } from "@/lib/domain/auth/session-cookie";
import { profileImageUrl } from "@/lib/domain/auth/session";
import { assertNotExhausted, recordFailures } from "@/lib/platform/rate-limit";
import { rateLimits } from "@/lib/platform/rate-limit/policies";

// POST /api/auth/login — e-mail + password sign-in; sets the session cookie
export const POST = publicRoute({
  body: loginSchema,
  rateLimitChecked: ({ ip }) => [rateLimits.loginFromIp(ip)],
  handler: async ({ ip, body }) => {
    // Failure accounting, not a request limit: only wrong passwords use these up.
    const failures = rateLimits.loginFailures(ip, body.email);
    await assertNotExhausted(failures);
    const user = await authenticate(body.email, body.password);
    if (!user) {
      await recordFailures(failures);
      return Response.json({ success: false, error: "Invalid email or password" }, { status: 401 });
    }
    const cookie = await sessionCookie(user);
    (await cookies()).set(cookie.name, cookie.value, cookie.options);
    return Response.json({
      success: true,
      user: { name: user.name, email: user.email, profileImage: profileImageUrl(user.profileImageId) },
    });
  },
});
