import { recipientRoute } from "@/lib/features/api/routes";
import { countFailedLookup } from "@/lib/features/api/share-lookup";
import { accessTokenParam } from "@/lib/domain/validation/path-params";
import { setPasscodeCookie } from "@/lib/domain/recipients/cookies";
import { INVALID_LINK, isDead } from "@/lib/domain/gate/link-state";
import { linkByToken } from "@/lib/domain/gate/lookup";
import { NotFoundError } from "@/lib/platform/http/errors";
import { refundAttempts } from "@/lib/platform/rate-limit";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { admitPasscode, checkPasscode } from "@/lib/domain/recipients/passcode";
import { passcodeEntrySchema } from "@/lib/domain/validation/sharing";

// POST /api/share/{token}/passcode — {passcode}: 204 and the link's passcode cookie, 403 'Incorrect passcode', 429 after 5 wrong tries, or 30 on the link from all addresses within an hour
export const POST = recipientRoute({
  params: { token: accessTokenParam(INVALID_LINK) },
  body: passcodeEntrySchema,
  load: async function* ({ params, client }) {
    const share = await linkByToken(params.token);
    if (!share || isDead(share)) {
      // Unknown, revoked or expired links: 404 like a look-up, and counted like a failed one.
      await countFailedLookup(client.ip);
      throw new NotFoundError(INVALID_LINK);
    }
    if (share.passcodeHash === null) return null;
    // Tries per link and address, counted before the passcode is judged (parallel guesses cannot outrun it) and
    // before the link's own ceiling (an address past its budget cannot use the link's up); given back when right.
    yield rateLimits.passcodeTries(share.id, client.ip);
    return { id: share.id, ideaId: share.ideaId, roomId: share.roomId, passcodeHash: share.passcodeHash };
  },
  handler: async ({ loaded, body, secrets, client }) => {
    if (loaded) {
      await checkPasscode(loaded, body.passcode);
      await refundAttempts(rateLimits.passcodeTries(loaded.id, client.ip));
      const { shareId, proof } = await admitPasscode(loaded, secrets);
      await setPasscodeCookie(shareId, proof);
    }
    return new Response(null, { status: 204 });
  },
});
