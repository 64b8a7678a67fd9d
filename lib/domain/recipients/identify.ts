import "server-only";
import { appendLinkEvidence } from "@/lib/domain/evidence-log/append";
import { db } from "@/lib/platform/db";
import { ForbiddenError } from "@/lib/platform/http/errors";
import { findLiveLink } from "@/lib/domain/gate/lookup";
import { newRecipientSecret, secretHash, type ClientInfo } from "@/lib/domain/gate/secrets";
import { isInvited, needsCode } from "@/lib/domain/gate";
import { addressAdmitted, notAvailableTo } from "@/lib/domain/gate/address-rules";
import { holdsPasscode, NO_PASSCODE_PROOFS, PasscodeRequiredError, type PasscodeProofs } from "@/lib/domain/recipients/passcode";
import { recipientMailOfShare } from "@/lib/domain/brand";
import { sendEmail } from "@/lib/platform/email";
import { recipientCodeEmail } from "@/lib/platform/email/templates";
import { freshCode, liveCode } from "@/lib/domain/recipients/email-code";
import { presentRecipient } from "@/lib/domain/recipients/session";
import type { CreateRecipientInput } from "@/lib/domain/validation/sharing";

export const WRONG_ADDRESS = "This link was sent to a different e-mail address. Please use the address the invitation was sent to.";

/**
 * Identifies a visitor to a live link and binds a new recipient session to it (the caller sets the cookie
 * from the returned secret). An e-mail share only admits its own addresses (any case) and mails a code, unless a code
 * still valid for this link and address exists (then the new recipient confirms with that one). In three steps, so
 * that POST /api/recipients counts its limits between them, each keyed on what the step before found: the link's
 * budget once admittedLink found it (a refused visitor does not use it up), the address's code mails (at most 5 an
 * hour whatever the links and recipients: 429 CODE_MAILS_CAPPED) once admitVisitor knows a mail will go.
 */
export async function createRecipient(input: CreateRecipientInput, client: ClientInfo, passcodes: PasscodeProofs = NO_PASSCODE_PROOFS) {
  return bindRecipient(await admitVisitor(await admittedLink(input.accessToken, passcodes), input), input, client);
}

/** The live link a token names, if this browser may use it: a link with a passcode admits no one who has not given it (404). */
export async function admittedLink(accessToken: string, passcodes: PasscodeProofs) {
  const share = await findLiveLink(accessToken);
  if (!holdsPasscode(share, passcodes)) throw new PasscodeRequiredError();
  return share;
}

/** The visitor's address, checked against the link's rules before anything is mailed; whether a code mail will go. */
export async function admitVisitor(share: Awaited<ReturnType<typeof admittedLink>>, input: CreateRecipientInput) {
  const email = input.email.trim().toLowerCase();
  // An e-mail link admits the addresses it was sent to, each proving itself with the code mailed to it.
  if (!isInvited(share, email)) throw new ForbiddenError(WRONG_ADDRESS);
  // The link's allow and block lists and the owner's blocked domains, before anything is mailed.
  if (!addressAdmitted(share, share.createdBy.sharingBlockedDomains, email)) throw new ForbiddenError(notAvailableTo(email));
  const coded = needsCode(share);
  const live = coded ? await liveCode(share.id, email) : null;
  return { share, email, live, mailsCode: coded && !live };
}

/** The new recipient, bound to a fresh secret; the code is mailed once its columns are stored. */
export async function bindRecipient(visitor: Awaited<ReturnType<typeof admitVisitor>>, input: CreateRecipientInput, client: ClientInfo) {
  const { share, email, live } = visitor;
  const fresh = visitor.mailsCode ? freshCode(share.id, email) : null;
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
    await appendLinkEvidence(tx, share, {
      type: "recipient.identified",
      data: { shareId: share.id, recipientId: created.id, passcodeGiven: created.passcodeGivenAt !== null, addressProven: created.emailVerifiedAt !== null },
      personal: { name: created.name, email: created.email, phone: created.phone, ip: created.ip, userAgent: created.userAgent },
      recipientId: created.id,
    });
    return created;
  });
  if (fresh) {
    const { fromName, replyTo, brand } = await recipientMailOfShare(share.id);
    await sendEmail({ to: email, fromName, replyTo, ...(await recipientCodeEmail({ code: fresh.code, brand })) });
  }
  return { recipient: presentRecipient(recipient, share), secret, shareId: share.id };
}
