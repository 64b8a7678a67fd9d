import { EmailLayout } from "@/lib/platform/email/mail-templates/layout";
import { plainText, renderEmail } from "@/lib/platform/email/mail-templates/render";

export function passwordResetEmail({ name, link }: { name: string; link: string }) {
  const lines = [
    `Hi ${name},`,
    "Someone asked to reset the password of your IdeaVault account. The link below works once and expires in 1 hour.",
    "If it was not you, ignore this e-mail: your password stays as it is.",
  ];
  return renderEmail(
    "Reset your IdeaVault password",
    <EmailLayout title="Reset your password" paragraphs={lines} action={{ href: link, label: "Set a new password" }} />,
    plainText(lines, link),
  );
}

export function emailVerificationEmail({ name, link }: { name: string; link: string }) {
  const lines = [
    `Hi ${name},`,
    "Please confirm that this is your e-mail address: ideas shared with it appear on your dashboard only once it is verified. The link below works once and expires in 24 hours.",
    "If you did not create an IdeaVault account, ignore this e-mail: nothing will be verified.",
  ];
  return renderEmail(
    "Verify your e-mail address",
    <EmailLayout title="Verify your e-mail address" paragraphs={lines} action={{ href: link, label: "Verify my e-mail address" }} />,
    plainText(lines, link),
  );
}

/** `inviterName`: the member who invited from /profile ('Invite someone'); none from `npm run invite`. */
export function inviteEmail({ link, inviterName }: { link: string; inviterName?: string }) {
  const lines = [
    inviterName
      ? `${inviterName} has invited you to IdeaVault, the invite-only place to share unpublished ideas under NDA.`
      : "You have been invited to IdeaVault, the invite-only place to share unpublished ideas under NDA.",
    "The invitation expires in 14 days.",
  ];
  return renderEmail(
    "Your invitation to IdeaVault",
    <EmailLayout title="You're invited to IdeaVault" paragraphs={lines} action={{ href: link, label: "Create your account" }} />,
    plainText(lines, link),
  );
}

/** Sent once the account is gone (lib/features/account/delete.ts): what was deleted and what stays with other people. */
export function accountDeletedEmail({ name, ideas }: { name: string; ideas: number }) {
  const lines = [
    `Hi ${name},`,
    `Your IdeaVault account has been deleted, as you asked. Its ${ideas} ${ideas === 1 ? "idea" : "ideas"}, uploaded files, share links, the records of the people you shared with, their comments and the timestamps are gone; the links now answer as unknown links.`,
    "Agreements you accepted on ideas other people shared with you stay with those people: they are their records.",
    "If you did not ask for this, someone else signed in to your account: tell the people who run this IdeaVault at once.",
  ];
  return renderEmail(
    "Your IdeaVault account has been deleted",
    <EmailLayout title="Your account has been deleted" paragraphs={lines} />,
    plainText(lines),
  );
}

/** Sent when the password changed from /profile: the owner learns of it even when it was not them. */
export function passwordChangedEmail({ name }: { name: string }) {
  const lines = [
    `Hi ${name},`,
    "The password of your IdeaVault account was just changed from your profile. Every other signed-in browser has been signed out.",
    "If this was not you, reset your password at once with 'Forgot password?' on the sign-in page.",
  ];
  return renderEmail("Your IdeaVault password was changed", <EmailLayout title="Your password was changed" paragraphs={lines} />, plainText(lines));
}

/** Sent to the NEW address of an e-mail change: the account moves to it only once this link is opened. */
export function emailChangeConfirmEmail({ name, link }: { name: string; link: string }) {
  const lines = [
    `Hi ${name},`,
    "You asked to sign in to your IdeaVault account with this e-mail address from now on. Open the link below to confirm it: only then does the address change. The link works once and expires in 24 hours.",
    "If you did not ask for this, ignore this e-mail: nothing will change.",
  ];
  return renderEmail(
    "Confirm your new IdeaVault e-mail address",
    <EmailLayout title="Confirm your new e-mail address" paragraphs={lines} action={{ href: link, label: "Confirm my new e-mail address" }} />,
    plainText(lines, link),
  );
}

/** Sent to the CURRENT address when a change is asked for: its owner learns of it even when it was not them. */
export function emailChangeRequestedEmail({ name, newEmail }: { name: string; newEmail: string }) {
  const lines = [
    `Hi ${name},`,
    `Someone signed in to your IdeaVault account asked to move it to the e-mail address ${newEmail}. The change happens only if the link sent to that address is opened within 24 hours; until then you keep signing in with this address.`,
    "If this was not you, change your password at once (or reset it with 'Forgot password?' on the sign-in page): the link then stays unused.",
  ];
  return renderEmail("Your IdeaVault e-mail address is about to change", <EmailLayout title="A change of e-mail address was asked for" paragraphs={lines} />, plainText(lines));
}
