import { EmailLayout, type EmailBrand } from "@/lib/platform/email/mail-templates/layout";
import { plainText, renderEmail } from "@/lib/platform/email/mail-templates/render";
import { commentExcerpt, oneLine } from "@/lib/platform/email/mail-templates/notifications";

/**
 * The invitation of an e-mail link, with the owner's personal note when there is one. The note is the
 * owner's text, quoted as given: react-email escapes it in the HTML part like every paragraph, so markup in it stays text.
 */
export function shareInvitationEmail({
  sharerName,
  ideaTitle,
  link,
  note,
  passcode = false,
  brand = null,
}: {
  sharerName: string;
  ideaTitle: string;
  link: string;
  note?: string | null;
  passcode?: boolean;
  brand?: EmailBrand | null;
}) {
  const lines = [
    `${sharerName} shared the idea "${ideaTitle}" with you on IdeaVault.`,
    ...(note ? [`${sharerName}'s note:`, `“${note}”`] : []),
    // The passcode never travels with the link: the reader is told to expect it from the sender.
    ...(passcode ? [`The link asks for a passcode. ${sharerName} gives it to you separately; it is not in this e-mail.`] : []),
    "Open the link below, confirm your e-mail address with the code we will send you, and accept the confidentiality agreement to read it.",
    "The link is personal: it only works with this e-mail address.",
  ];
  return renderEmail(
    `${oneLine(sharerName)} shared "${oneLine(ideaTitle)}" with you on IdeaVault`,
    <EmailLayout title="An idea was shared with you" paragraphs={lines} action={{ href: link, label: "Open the shared idea" }} brand={brand} />,
    plainText(lines, link),
  );
}

/** `brand`: the sender of the link the code opens, named in both parts and shown by their logo. */
export function recipientCodeEmail({ code, brand = null }: { code: string; brand?: EmailBrand | null }) {
  const lines = [
    `Your IdeaVault verification code is ${code}.`,
    ...(brand ? [`It confirms your e-mail address for what ${brand.name} shared with you.`] : []),
    "Enter it on the page that asked for it. The code expires in 10 minutes.",
    "If you did not ask for it, ignore this e-mail.",
  ];
  return renderEmail(
    "Your IdeaVault verification code",
    <EmailLayout title="Your verification code" preview={`Your verification code is ${code}`} paragraphs={lines} brand={brand} />,
    plainText(lines),
  );
}

/**
 * To the recipient at acceptance, with the certificate PDF attached by the caller. `roomName`: a room link's
 * acceptance, which covers every idea of the room (ideaTitle is then unused). `sharerName` is the account name the
 * certificate names (the party to the agreement); `brand` only dresses the mail, as on the sender's other mails.
 */
export function ndaCertificateEmail({
  recipientName,
  sharerName,
  ideaTitle,
  roomName,
  brand = null,
}: {
  recipientName: string;
  sharerName: string;
  ideaTitle: string;
  roomName?: string;
  brand?: EmailBrand | null;
}) {
  const what = roomName === undefined ? `the idea "${ideaTitle}"` : `the room "${roomName}"`;
  const lines = [
    `Hi ${recipientName},`,
    `You accepted the non-disclosure agreement for ${what} shared by ${sharerName} on IdeaVault.`,
    roomName === undefined
      ? "Your certificate of this acceptance is attached: the full agreement text, the time, and the evidence recorded. It does not contain the idea itself. You can also download it from the document viewer."
      : "Your certificate of this acceptance is attached: the full agreement text naming each idea of the room, the time, and the evidence recorded. It does not contain the ideas themselves. You can also download it from the document viewer.",
  ];
  const subject = roomName === undefined ? `"${ideaTitle}"` : `the room "${roomName}"`;
  return renderEmail(`Your NDA certificate for ${subject}`, <EmailLayout title="Your NDA certificate" paragraphs={lines} brand={brand} />, plainText(lines));
}

/**
 * To a reader who asked for their receipt ('E-mail me my receipt'), with the receipt PDF attached by the caller.
 * `sharerName` is the account name the receipt names; `brand` only dresses the mail.
 */
export function readingReceiptEmail({ recipientName, sharerName, ideaTitle, brand = null }: { recipientName: string; sharerName: string; ideaTitle: string; brand?: EmailBrand | null }) {
  const lines = [
    `Hi ${recipientName},`,
    `Here is your receipt for the idea "${ideaTitle}" shared by ${sharerName} on IdeaVault: when you identified and agreed, the exact version you were shown and its digest, the agreement's digest, and how much you read.`,
    "It does not contain the idea itself.",
  ];
  return renderEmail(`Your reading receipt for "${ideaTitle}"`, <EmailLayout title="Your reading receipt" paragraphs={lines} brand={brand} />, plainText(lines));
}

/**
 * To a recipient whose address was proven by a code, when the owner answers their comment: who answered, an excerpt,
 * and the link back to the document (the link still asks for their session or identity, code and agreement).
 */
export function ownerReplyEmail({
  recipientName,
  ownerName,
  ideaTitle,
  reply,
  link,
  brand = null,
}: {
  recipientName: string;
  ownerName: string;
  ideaTitle: string;
  reply: string;
  link: string;
  brand?: EmailBrand | null;
}) {
  const excerpt = commentExcerpt(reply);
  const title = ideaTitle.replace(/\s+/g, " ").trim();
  const lines = [
    `Hi ${recipientName},`,
    `${ownerName} replied to your comment on the idea "${title}" on IdeaVault:`,
    `“${excerpt}”`,
    "Open the document to read the whole conversation and answer.",
  ];
  return renderEmail(
    `${ownerName.replace(/\s+/g, " ").trim()} replied to your comment on "${title.length > 80 ? `${title.slice(0, 79)}…` : title}"`,
    <EmailLayout title="Your comment has a reply" preview={excerpt} paragraphs={lines} action={{ href: link, label: "Open the document" }} brand={brand} />,
    plainText(lines, link),
  );
}
