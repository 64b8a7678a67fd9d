import { privateRoute, parseJson } from "@/lib/api/handler";
import { accessTokenSchema, parseRouteId } from "@/lib/api/route-id";
import { readRecipientSecrets, requestClient, setPasscodeCookie } from "@/lib/recipients/cookies";
import { INVALID_LINK } from "@/lib/shares/link-state";
import { enterPasscode } from "@/lib/shares/passcode";
import { passcodeEntrySchema } from "@/lib/validation/sharing";

// POST /api/share/{token}/passcode — {passcode}: 204 and the link's passcode cookie, 403 'Incorrect passcode', 429 after 5 wrong tries, or 30 on the link from all addresses within an hour
export const POST = privateRoute<{ token: string }>(async (req, { params }) => {
  const token = parseRouteId((await params).token, INVALID_LINK, accessTokenSchema);
  const { passcode } = await parseJson(req, passcodeEntrySchema);
  const { shareId, proof } = await enterPasscode(token, passcode, await readRecipientSecrets(), requestClient(req));
  if (proof) await setPasscodeCookie(shareId, proof);
  return new Response(null, { status: 204 });
});
