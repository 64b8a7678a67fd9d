import "server-only";
import type { WebhookEvent } from "@/lib/domain/webhooks/queue";

/**
 * Each event's `data` (plus `ideaId` and `ideaTitle`, added when queued): who and what, by id, name and time —
 * never the idea's content, nor a comment's text.
 */
type Person = { id: string; name: string; email: string };

/** `version`: the idea's version the recipient was shown (null for an idea never published, which no link can show). */
/**
 * `room`: a room link's acceptance, which covers each of the room's ideas: one event per idea (its owner's endpoints
 * learn of each idea agreed to), naming the room.
 */
export function ndaAcceptedEvent(a: {
  id: string;
  ideaId: number;
  shareId: string;
  version: number | null;
  acceptedAt: Date;
  recipient: Person;
  room?: { id: string; name: string } | null;
}): WebhookEvent {
  return {
    type: "nda.accepted",
    ideaId: a.ideaId,
    data: { ndaId: a.id, shareId: a.shareId, version: a.version, recipient: a.recipient, acceptedAt: a.acceptedAt.toISOString(), ...(a.room ? { room: a.room } : {}) },
    dedupeKey: a.room ? `nda.accepted:${a.id}:${a.ideaId}` : `nda.accepted:${a.id}`,
  };
}

/** `room`: a room link's first view, of the idea opened first, naming the room it was opened through. */
export function firstViewEvent(v: {
  ideaId: number;
  shareId: string;
  version: number | null;
  viewedAt: Date;
  recipient: Person;
  room?: { id: string; name: string } | null;
}): WebhookEvent {
  return {
    type: "view.first",
    ideaId: v.ideaId,
    data: { shareId: v.shareId, version: v.version, recipient: v.recipient, viewedAt: v.viewedAt.toISOString(), ...(v.room ? { room: v.room } : {}) },
    // Once per recipient, like the owner's mail, however many views race for it.
    dedupeKey: `view.first:${v.recipient.id}`,
  };
}

/** `room`: a comment on one idea of a room, naming the room it came through. */
export function commentCreatedEvent(c: {
  id: string;
  ideaId: number;
  shareId: string;
  createdAt: Date;
  recipient: Person;
  room?: { id: string; name: string } | null;
}): WebhookEvent {
  return {
    type: "comment.created",
    ideaId: c.ideaId,
    data: { commentId: c.id, shareId: c.shareId, recipient: c.recipient, createdAt: c.createdAt.toISOString(), ...(c.room ? { room: c.room } : {}) },
  };
}

export function linkRevokedEvent(s: { id: string; ideaId: number; revokedAt: Date }): WebhookEvent {
  return { type: "link.revoked", ideaId: s.ideaId, data: { shareId: s.id, revokedAt: s.revokedAt.toISOString() }, dedupeKey: `link.revoked:${s.id}` };
}

export function timestampAnchoredEvent(p: {
  id: string;
  ideaId: number;
  ndaId: string | null;
  digest: string;
  confirmedAt: Date;
  bitcoin: { height: number; blockHash: string; time: Date };
}): WebhookEvent {
  return {
    type: "timestamp.anchored",
    ideaId: p.ideaId,
    data: {
      proofId: p.id,
      subject: p.ndaId ? "nda" : "idea",
      ndaId: p.ndaId,
      sha256: p.digest,
      bitcoin: { height: p.bitcoin.height, blockHash: p.bitcoin.blockHash, time: p.bitcoin.time.toISOString() },
      confirmedAt: p.confirmedAt.toISOString(),
    },
    dedupeKey: `timestamp.anchored:${p.id}`,
  };
}
