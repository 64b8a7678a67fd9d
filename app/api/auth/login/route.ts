import { cookies } from "next/headers";
import { route, parseJson } from "@/lib/api/handler";
import { loginSchema } from "@/lib/validation/auth";
import { authenticate } from "@/lib/auth/accounts";
import { sessionCookie } from "@/lib/auth/session-cookie";
import { profileImageUrl } from "@/lib/auth/session";
import { assertNotExhausted, enforceRateLimits, recordFailures } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { clientIp } from "@/lib/http/client-ip";

// POST /api/auth/login — e-mail + password sign-in; sets the session cookie
export const POST = route(async (req) => {
  const input = await parseJson(req, loginSchema);
  const ip = clientIp(req.headers);
  await enforceRateLimits([rateLimits.loginFromIp(ip)]);
  const failures = rateLimits.loginFailures(ip, input.email);
  await assertNotExhausted(failures);
  const user = await authenticate(input.email, input.password);
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
});
