import { recipientRoute } from "@/lib/features/api/routes";
import { accessTokenParam } from "@/lib/domain/validation/path-params";
import { setPasscodeCookie } from "@/lib/domain/recipients/cookies";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { enterPasscode } from "@/lib/domain/recipients/passcode";
import { passcodeEntrySchema } from "@/lib/domain/validation/sharing";

// POST /api/share/{token}/passcode — {passcode}: 204 and the link's passcode cookie, 403 'Incorrect passcode', 429 after 5 wrong tries, or 30 on the link from all addresses within an hour
export const POST = recipientRoute({
  params: { token: accessTokenParam(INVALID_LINK) },
  body: passcodeEntrySchema,
  // Wrong tries are failure accounting, kept with the passcode check in lib/domain/recipients/passcode.ts.
  handler: async ({ params, body, secrets, client }) => {
    const { shareId, proof } = await enterPasscode(params.token, body.passcode, secrets, client);
    if (proof) await setPasscodeCookie(shareId, proof);
    return new Response(null, { status: 204 });
  },
});
