import "server-only";
import { appendEvidence } from "@/lib/domain/evidence-log/append";
import { db } from "@/lib/platform/db";
import { ForbiddenError } from "@/lib/platform/http/errors";
import { enforceRateLimits } from "@/lib/platform/rate-limit";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { findLiveShare } from "@/lib/domain/gate/lookup";
import { newRecipientSecret, secretHash, type ClientInfo } from "@/lib/domain/gate/secrets";
import { needsCode } from "@/lib/domain/gate";
import { addressAdmitted, notAvailableTo } from "@/lib/domain/gate/address-rules";
import { holdsPasscode, NO_PASSCODE_PROOFS, PasscodeRequiredError, type PasscodeProofs } from "@/lib/domain/recipients/passcode";
import { sendEmail } from "@/lib/platform/email";
import { recipientCodeEmail } from "@/lib/platform/email/templates";
import { CODE_MAILS_CAPPED, enforceLimitsSaying, freshCode, liveCode } from "@/lib/domain/recipients/email-code";
import { presentRecipient } from "@/lib/domain/recipients/session";
import type { CreateRecipientInput } from "@/lib/domain/validation/sharing";

export const WRONG_ADDRESS = "This link was sent to a different e-mail address. Please use the address the invitation was sent to.";

/**
 * Identifies a visitor to a live link and binds a new recipient session to it (the caller sets the cookie
 * from the returned secret). An e-mail share only admits its own address (any case) and mails a code, unless a code
 * still valid for this link and address exists (then the new recipient confirms with that one); at most 5 code
 * mails an hour reach one address, whatever the links and recipients (429 CODE_MAILS_CAPPED).
 */
export async function createRecipient(input: CreateRecipientInput, client: ClientInfo, passcodes: PasscodeProofs = NO_PASSCODE_PROOFS) {
  const share = await findLiveShare(input.accessToken);
  // A link with a passcode admits no one who has not given it (a 404, like any link this caller may not use).
  if (!holdsPasscode(share, passcodes)) throw new PasscodeRequiredError();
  // The per-address limit is the route's (POST /api/recipients). These two stay here: they are keyed on the link and
  // the address the link's look-up above found and checked, and a refused visitor must not use up the link's budget.
  await enforceRateLimits(rateLimits.recipientCreateForShare(share.id));
  const email = input.email.trim().toLowerCase();
  if (share.shareType === "email" && email !== share.recipientEmail?.trim().toLowerCase()) throw new ForbiddenError(WRONG_ADDRESS);
  // The link's allow and block lists and the owner's blocked domains, before anything is mailed.
  if (!addressAdmitted(share, share.idea.owner.sharingBlockedDomains, email)) throw new ForbiddenError(notAvailableTo(email));
  const coded = needsCode(share);
  const live = coded ? await liveCode(share.id, email) : null;
  if (coded && !live) await enforceLimitsSaying(rateLimits.codeMail(email), CODE_MAILS_CAPPED);
  const fresh = coded && !live ? freshCode(share.id, email) : null;
  const secret = newRecipientSecret();
  const recipient = await db.$transaction(async (tx) => {
    const created = await tx.recipient.create({
      data: {
        shareId: share.id,
        name: input.name.trim(),
        email,
        phone: input.phone?.trim() || null,
        secretHash: secretHash(secret),
        ip: client.ip,
        userAgent: client.userAgent,
        passcodeGivenAt: share.passcodeHash === null ? null : new Date(),
        ...(live ?? fresh?.data),
      },
    });
    await appendEvidence(tx, {
      ideaId: share.ideaId,
      type: "recipient.identified",
      data: { shareId: share.id, recipientId: created.id, passcodeGiven: created.passcodeGivenAt !== null, addressProven: created.emailVerifiedAt !== null },
      personal: { name: created.name, email: created.email, phone: created.phone, ip: created.ip, userAgent: created.userAgent },
      recipientId: created.id,
    });
    return created;
  });
  if (fresh) await sendEmail({ to: email, ...(await recipientCodeEmail({ code: fresh.code })) });
  return { recipient: presentRecipient(recipient, share), secret, shareId: share.id };
}
