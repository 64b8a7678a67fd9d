import "server-only";
import { db } from "@/lib/platform/db";
import { sendEmail } from "@/lib/platform/email";
import { ndaCertificateEmail } from "@/lib/platform/email/templates";
import { certificateInclude } from "@/lib/domain/agreements/certificate-data";
import { certificateFileName, certificateSubject } from "@/lib/domain/agreements/certificate-pdf";
import { ndaCertificatePdf } from "@/lib/domain/agreements/stored-certificate";
import { recipientMailOfShare } from "@/lib/domain/brand";

/**
 * The recipient's copy, e-mailed at acceptance (lib/domain/recipients/accept-nda.ts, after the answer is sent), but only to an
 * address proven by a code (an e-mail link's verified recipient): on any other link the address is merely typed, and
 * mailing there would send the idea's title, the owner's name and a greeting to whoever it names.
 * Those recipients download the certificate from the viewer. Answers whether it was sent. The certificate and the
 * mail's text name the owner's account name (the party to the agreement); the mail is signed by their brand like the
 * invitation (From '{display name} via IdeaVault'), Reply-To the owner where recipientMailOfShare allows it.
 */
export async function mailNdaCertificate(ndaId: string): Promise<boolean> {
  const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { id: ndaId }, include: certificateInclude });
  if (!nda.recipient.emailVerifiedAt) return false;
  const pdf = await ndaCertificatePdf(nda);
  const subject = certificateSubject(nda);
  const { fromName, replyTo, brand } = await recipientMailOfShare(nda.shareId);
  await sendEmail({
    to: nda.email,
    fromName,
    replyTo,
    ...(await ndaCertificateEmail({ recipientName: nda.name, sharerName: subject.owner.name, ideaTitle: subject.title, roomName: nda.room ? subject.title : undefined, brand })),
    attachments: [{ filename: certificateFileName(nda.id), content: pdf, contentType: "application/pdf" }],
  });
  return true;
}
