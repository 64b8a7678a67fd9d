/**
 * Every mail IdeaVault sends, as `{ subject, text, html }` (async: react-email renders the HTML). The React
 * templates live in ./templates/; this module is the one import for callers.
 */
export type { RenderedEmail } from "@/lib/platform/email/mail-templates/render";
export type { EmailBrand } from "@/lib/platform/email/mail-templates/layout";
export {
  passwordResetEmail,
  emailVerificationEmail,
  inviteEmail,
  accountDeletedEmail,
  passwordChangedEmail,
  emailChangeConfirmEmail,
  emailChangeRequestedEmail,
} from "@/lib/platform/email/mail-templates/account";
export { shareInvitationEmail, recipientCodeEmail, ndaCertificateEmail, ownerReplyEmail, readingReceiptEmail } from "@/lib/platform/email/mail-templates/sharing";
export { ndaAcceptedEmail, firstViewEmail, commentEmail, recipientActivityEmail, passcodeGuessingEmail, proofAnchoredEmail, visitEndedEmail, invitationUndeliveredEmail } from "@/lib/platform/email/mail-templates/notifications";
