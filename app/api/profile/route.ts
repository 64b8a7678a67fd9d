import { route, parseJson } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { profileUpdateSchema } from "@/lib/validation/auth";
import { updateProfile } from "@/lib/profile";

// PUT /api/profile — change the display name and/or showEmailOnCertificates (the e-mail is ignored: it cannot be changed)
export const PUT = route(async (req) => {
  const user = await requireUser();
  await enforceRateLimits(rateLimits.profileWrites(user.id));
  const input = await parseJson(req, profileUpdateSchema);
  return Response.json(await updateProfile(user.id, { name: input.name, showEmailOnCertificates: input.showEmailOnCertificates }));
});
