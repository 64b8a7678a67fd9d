/**
 * Every mail IdeaVault sends, as `{ subject, text, html }` (async: react-email renders the HTML). The React
 * templates live in ./templates/; this module is the one import for callers.
 */
export type { RenderedEmail } from "@/lib/email/templates/render";
export { passwordResetEmail, inviteEmail } from "@/lib/email/templates/account";
export { shareInvitationEmail, recipientCodeEmail } from "@/lib/email/templates/sharing";
export { ndaAcceptedEmail, firstViewEmail, commentEmail } from "@/lib/email/templates/notifications";
