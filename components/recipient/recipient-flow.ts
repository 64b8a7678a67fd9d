import type { SharedIdea } from "@/client/types";

export type RecipientScreen = "collect" | "nda" | "document";

export function recipientPath(screen: RecipientScreen, token: string) {
  return `/${screen}/${encodeURIComponent(token)}`;
}

/**
 * Where the recipient of this browser belongs (SPEC §4: link valid → details → agreement → document). E-mail
 * shares need the code confirmed before the agreement.
 */
export function recipientStage(share: SharedIdea): RecipientScreen {
  const r = share.recipient;
  if (!r) return "collect";
  // The server says emailVerified: true where no code is needed (only e-mail and allow-listed links ask for one).
  if (!r.emailVerified) return "collect";
  // A link that requires no NDA goes from identity straight to the document.
  return r.agreedToNda || share.requireNda === false ? "document" : "nda";
}

/** What a link shares, as its screens name it: an idea's title, or a room link's room name; and who shared it. */
export function sharedSubject(share: SharedIdea): { title: string; sender: string; room: boolean } {
  const room = (share as { room?: { name: string; user: { name: string } } }).room;
  return room ? { title: room.name, sender: room.user.name, room: true } : { title: share.idea.title, sender: share.idea.user.name, room: false };
}
