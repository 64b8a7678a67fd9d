import { EmailLayout } from "@/lib/platform/email/mail-templates/layout";
import { plainText, renderEmail } from "@/lib/platform/email/mail-templates/render";
import { formatReadingTime } from "@/lib/platform/format/reading-time";

/** The owner's mails about their recipients: who, which idea and link, when; each links to the share screen. */

export type NotificationRecipient = { name: string; email: string };
/** The idea the mail is about, or (`room: true`) the room a recipient agreed to or opened through its link. */
export type NotificationIdea = { id: number | string; title: string; room?: boolean };

/** One line for a subject: names and titles are user input and must not break the header. */
export function oneLine(s: string, max = 80) {
  const flat = s.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** "2026-11-23 10:45 UTC": the owner's time zone is unknown, so every mail says UTC. */
export function formatUtc(date: Date) {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export const COMMENT_EXCERPT_CHARS = 300;

export function commentExcerpt(content: string) {
  const flat = content.replace(/\s+/g, " ").trim();
  return flat.length > COMMENT_EXCERPT_CHARS ? `${flat.slice(0, COMMENT_EXCERPT_CHARS - 1)}…` : flat;
}

/** The idea by its title, as the owner knows it (not the dashboard's 'Idea (id) : title'); a room by its name. */
function ideaLabel(idea: NotificationIdea) {
  return `the ${idea.room ? "room" : "idea"} "${oneLine(idea.title, 200)}"`;
}

/** Where the owner follows it up: an idea's share screen, a room's page. */
const screen = (idea: NotificationIdea) => (idea.room ? "the room's page" : "the share screen");
const screenAction = (idea: NotificationIdea, href: string) => ({ href, label: idea.room ? "Open the room" : "Open the share screen" });

function who(r: NotificationRecipient) {
  return `${r.name} (${r.email})`;
}

const SWITCH_NOTE = "You can turn these e-mails off under Notifications in your profile settings.";

export function ndaAcceptedEmail(input: {
  recipient: NotificationRecipient;
  idea: NotificationIdea;
  /** Which link, in words: "your e-mail link for ada@example.com", "your full-access link of 2026-11-20". */
  linkLabel: string;
  acceptedAt: Date;
  shareScreenUrl: string;
}) {
  const lines = [
    `${who(input.recipient)} accepted the confidentiality agreement for ${ideaLabel(input.idea)}.`,
    `Accepted on ${formatUtc(input.acceptedAt)} through ${input.linkLabel}.`,
    `${capitalized(screen(input.idea))} shows the recipient, the agreement they accepted and its certificate.`,
  ];
  return renderEmail(
    `${oneLine(input.recipient.name)} accepted the NDA for "${oneLine(input.idea.title)}"`,
    <EmailLayout title="NDA accepted" paragraphs={lines} action={screenAction(input.idea, input.shareScreenUrl)} footnote={SWITCH_NOTE} />,
    plainText(lines, input.shareScreenUrl, SWITCH_NOTE),
  );
}

export function firstViewEmail(input: {
  recipient: NotificationRecipient;
  idea: NotificationIdea;
  linkLabel: string;
  viewedAt: Date;
  shareScreenUrl: string;
}) {
  const lines = [
    `${who(input.recipient)} opened ${ideaLabel(input.idea)} for the first time.`,
    `Viewed on ${formatUtc(input.viewedAt)} through ${input.linkLabel}. Later views by this recipient are listed on ${screen(input.idea)} without another e-mail.`,
  ];
  return renderEmail(
    `${oneLine(input.recipient.name)} opened "${oneLine(input.idea.title)}"`,
    <EmailLayout title={input.idea.room ? "Your room was opened" : "Your idea was opened"} paragraphs={lines} action={screenAction(input.idea, input.shareScreenUrl)} footnote={SWITCH_NOTE} />,
    plainText(lines, input.shareScreenUrl, SWITCH_NOTE),
  );
}

export function commentEmail(input: {
  recipient: NotificationRecipient;
  idea: NotificationIdea;
  /** The room the comment came through (a room link's recipient comments on one of its ideas). */
  roomName?: string | null;
  content: string;
  createdAt: Date;
  shareScreenUrl: string;
}) {
  const excerpt = commentExcerpt(input.content);
  const through = input.roomName ? ` in the room "${oneLine(input.roomName, 200)}"` : "";
  const lines = [
    `${who(input.recipient)} commented on ${ideaLabel(input.idea)}${through} on ${formatUtc(input.createdAt)}:`,
    `“${excerpt}”`,
    "You can read and answer it on the share screen.",
  ];
  return renderEmail(
    `New comment from ${oneLine(input.recipient.name)} on "${oneLine(input.idea.title)}"`,
    <EmailLayout title="New comment" preview={excerpt} paragraphs={lines} action={{ href: input.shareScreenUrl, label: "Open the share screen" }} footnote={SWITCH_NOTE} />,
    plainText(lines, input.shareScreenUrl, SWITCH_NOTE),
  );
}

/**
 * One ended visit as its summary mail tells it: when, how long, how many pages (a PDF) or sections (any other idea),
 * and the most-read ones (most first).
 */
export type VisitSummary = { startedAt: Date; timeMs: number; unit: "page" | "section"; pagesRead: number; pageCount: number | null; topPages: { n: number; ms: number }[] };

function visitLines(v: VisitSummary) {
  const top = v.topPages.map((p) => `${v.unit} ${p.n} (${formatReadingTime(p.ms)})`).join(", ");
  const Unit = v.unit === "page" ? "Page" : "Section";
  return [
    `Time spent: ${formatReadingTime(v.timeMs)}`,
    `${Unit}s read: ${v.pagesRead}${v.pageCount !== null ? ` of ${v.pageCount}` : ""}`,
    ...(top ? [`Most-read ${v.unit}s: ${top}`] : []),
  ];
}

/** After a recipient's visit ended (no reading for a while): its summary, one mail per visit. */
export function visitEndedEmail(input: { recipient: NotificationRecipient; idea: NotificationIdea; linkLabel: string; visit: VisitSummary; shareScreenUrl: string }) {
  const lines = [
    `${who(input.recipient)} read ${ideaLabel(input.idea)} on ${formatUtc(input.visit.startedAt)} through ${input.linkLabel}.`,
    ...visitLines(input.visit),
    `Every visit's ${input.visit.unit}s and time are under 'Visits' on ${screen(input.idea)}.`,
  ];
  return renderEmail(
    `${oneLine(input.recipient.name)} read "${oneLine(input.idea.title)}"`,
    <EmailLayout title="A visit ended" paragraphs={lines} action={screenAction(input.idea, input.shareScreenUrl)} footnote={SWITCH_NOTE} />,
    plainText(lines, input.shareScreenUrl, SWITCH_NOTE),
  );
}

/** One event of a recipient burst (lib/domain/notifications/queue.ts), in the order they happened. */
export type RecipientActivity = { kind: "ndaAccepted" | "firstView"; at: Date };

/**
 * Several events of one recipient within the burst window, as one mail: "Grace Hopper (…) accepted
 * the confidentiality agreement for the idea "Solar Kettle" on … and opened it for the first time on …".
 * A burst of a single event is mailed with that event's own template instead.
 */
export function recipientActivityEmail(input: {
  recipient: NotificationRecipient;
  idea: NotificationIdea;
  linkLabel: string;
  events: RecipientActivity[];
  shareScreenUrl: string;
}) {
  let ideaNamed = false;
  const phrases = input.events.map((e) => {
    const what = ideaNamed ? "it" : ideaLabel(input.idea);
    ideaNamed = true;
    return e.kind === "ndaAccepted"
      ? `accepted the confidentiality agreement for ${what} on ${formatUtc(e.at)}`
      : `opened ${what} for the first time on ${formatUtc(e.at)}`;
  });
  const kinds = new Set(input.events.map((e) => e.kind));
  const lines = [
    `${who(input.recipient)} ${joinPhrases(phrases)}.`,
    `Through ${input.linkLabel}.${kinds.has("firstView") ? ` Later views by this recipient are listed on ${screen(input.idea)} without another e-mail.` : ""}`,
    ...(kinds.has("ndaAccepted") ? [`${capitalized(screen(input.idea))} shows the recipient, the agreement they accepted and its certificate.`] : []),
  ];
  const verbs = input.events.map((e) => (e.kind === "ndaAccepted" ? "accepted the NDA" : "opened"));
  const subjectVerbs = verbs.length === 1 && verbs[0] === "accepted the NDA" ? "accepted the NDA for" : joinPhrases(verbs);
  return renderEmail(
    `${oneLine(input.recipient.name)} ${subjectVerbs} "${oneLine(input.idea.title)}"`,
    <EmailLayout title="Recipient activity" paragraphs={lines} action={screenAction(input.idea, input.shareScreenUrl)} footnote={SWITCH_NOTE} />,
    plainText(lines, input.shareScreenUrl, SWITCH_NOTE),
  );
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "a", "a and b", "a, b and c". */
function joinPhrases(phrases: string[]) {
  return phrases.length <= 1 ? (phrases[0] ?? "") : `${phrases.slice(0, -1).join(", ")} and ${phrases[phrases.length - 1]}`;
}

const SECURITY_NOTE = "Security alerts are sent whatever your notification settings say.";

/**
 * A link's passcode is being guessed: its wrong tries across all addresses reached the hourly ceiling
 * (lib/domain/recipients/passcode.ts). A security alert, so it goes whatever the owner's notification switches say.
 */
export function passcodeGuessingEmail(input: {
  idea: NotificationIdea;
  linkLabel: string;
  wrongTries: number;
  /** When the link takes passcodes again. */
  lockedUntil: Date;
  shareScreenUrl: string;
}) {
  const lines = [
    `Someone is guessing the passcode of ${input.linkLabel}.`,
    `${input.wrongTries} wrong passcodes were tried on it within an hour, from one or many addresses. The link shares ${ideaLabel(input.idea)}.`,
    `Until ${formatUtc(input.lockedUntil)} the link refuses every passcode, the right one too. Recipients who already entered it keep reading.`,
    "If the passcode may have got out, or is short, give the link a new one with 'Edit' on the share screen (everyone is then asked for the new one), or revoke the link.",
  ];
  return renderEmail(
    `Someone is guessing the passcode of ${oneLine(input.linkLabel, 200)}`,
    <EmailLayout title="Someone is guessing a passcode" paragraphs={lines} action={{ href: input.shareScreenUrl, label: "Open the share screen" }} footnote={SECURITY_NOTE} />,
    plainText(lines, input.shareScreenUrl, SECURITY_NOTE),
  );
}

const DELIVERY_NOTE = "We tell you whatever your notification settings say: it is about a mail you asked us to send.";

/**
 * An invitation of an e-mail link could not be delivered: the request's own try and every retry failed
 * (lib/domain/shares/invitations.ts). The link still admits the address; only its mail never went.
 */
export function invitationUndeliveredEmail(input: { idea: NotificationIdea; linkLabel: string; email: string; tries: number; hours: number; shareScreenUrl: string }) {
  const lines = [
    `We could not deliver the invitation of ${input.linkLabel} to ${input.email}. The link shares ${ideaLabel(input.idea)}.`,
    `The mail was tried ${input.tries} times over about ${input.hours} ${input.hours === 1 ? "hour" : "hours"}, and we have stopped trying.`,
    `The address is still on the link: check it for a typo, or send the link yourself. On ${screen(input.idea)} you can change the link's addresses or copy the link.`,
  ];
  return renderEmail(
    `Your invitation to ${oneLine(input.email, 200)} could not be delivered`,
    <EmailLayout title="An invitation could not be delivered" paragraphs={lines} action={screenAction(input.idea, input.shareScreenUrl)} footnote={DELIVERY_NOTE} />,
    plainText(lines, input.shareScreenUrl, DELIVERY_NOTE),
  );
}

/**
 * A proof of the owner's published idea is anchored in a Bitcoin block: from now on anyone can check the stamped file
 * against Bitcoin alone. Once per proof (lib/domain/timestamps/anchored-mail.ts).
 */
export function proofAnchoredEmail(input: { idea: NotificationIdea; version: number; height: number; blockTime: Date; ideaUrl: string }) {
  const lines = [
    `The proof of ${ideaLabel(input.idea)} (version ${input.version}) is anchored in Bitcoin block ${input.height} of ${formatUtc(input.blockTime)}.`,
    "The proof (.ots) is now complete: with the stamped file, anyone can check when the idea existed, without relying on IdeaVault. Download both from the idea's timestamp panel.",
  ];
  return renderEmail(
    `"${oneLine(input.idea.title)}" is anchored in Bitcoin block ${input.height}`,
    <EmailLayout title="Proof anchored in Bitcoin" paragraphs={lines} action={{ href: input.ideaUrl, label: "Open the idea" }} footnote={SWITCH_NOTE} />,
    plainText(lines, input.ideaUrl, SWITCH_NOTE),
  );
}
