import "server-only";
import { db } from "@/lib/platform/db";
import { ConflictError, NotFoundError } from "@/lib/platform/http/errors";
import { isAdmitted, readerOf } from "@/lib/domain/gate";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import type { ClientInfo, RecipientSecrets } from "@/lib/domain/gate/secrets";
import { linkByToken, type RoomLinkSummary, type ShareSummary } from "@/lib/domain/gate/lookup";
import { linkFields, linkRecipient, sharedIdeaOf, type SharedIdeaResult } from "@/lib/domain/shares/views";
import { passcodeRequired, PasscodeRequiredError, type PasscodeRequired, type PasscodeProofs } from "@/lib/domain/recipients/passcode";
import { presentItems } from "@/lib/domain/rooms";

/** The text a recipient of an emptied room reads (its items all removed). */
export const ROOM_EMPTY = "This room has no documents yet";
export const ITEM_NOT_FOUND = "This document is not in the room";

/** GET /api/share/{token} for a room link (client/types.ts SharedRoom). */
export type SharedRoomResult = ReturnType<typeof linkFields> & {
  room: {
    name: string;
    user: { name: string };
    /** Once the recipient may read: the welcome note and the items in order. */
    note?: string | null;
    items?: { ideaId: number; title: string; kind: string; version: number | null; pageCount: number | null; folder: string | null }[];
  };
};

/**
 * A room link's index: the room's name and its owner for anyone holding the live link (after its passcode), its note
 * and items once the recipient may read (identified, agreed, verified where needed: the same gate as an idea link's
 * content). It consumes no view: each item's content does (GET /api/share/{token}/items/{ideaId}). An emptied room
 * answers 409 ROOM_EMPTY to the admitted reader.
 */
export async function sharedRoomOf(link: RoomLinkSummary, secrets: RecipientSecrets, passcodes: PasscodeProofs): Promise<SharedRoomResult | PasscodeRequired> {
  let recipient;
  try {
    recipient = await linkRecipient(link, secrets, passcodes);
  } catch (err) {
    if (err instanceof PasscodeRequiredError) return passcodeRequired(link.senderName);
    throw err;
  }
  const room = { name: link.room.name, user: { name: link.senderName } };
  const base = linkFields(link, recipient);
  if (!isAdmitted(link, recipient)) return { room, ...base };
  const items = await presentItems(await db.roomItem.findMany({ where: { roomId: link.roomId }, orderBy: { position: "asc" } }));
  if (items.length === 0) throw new ConflictError(ROOM_EMPTY);
  return {
    room: { ...room, note: link.room.note, items: items.map((i) => ({ ideaId: i.ideaId, title: i.title, kind: i.kind, version: i.version, pageCount: i.pageCount, folder: i.folder })) },
    ...base,
  };
}

/**
 * A room link resolved to one of its items: the summary an idea link to that idea would have, with the item's pinned
 * version and its download switch (the item's own, else the link's). An item no longer in the room is the 404, on the
 * recipient's next call. Two statements.
 */
export async function roomItemLink(link: RoomLinkSummary, ideaId: number): Promise<ShareSummary> {
  const item = await db.roomItem.findUnique({
    where: { roomId_ideaId: { roomId: link.roomId, ideaId } },
    select: { pinnedVersion: true, allowDownload: true, idea: { select: { id: true, title: true, ownerId: true, kind: true, pdfAssetId: true, version: true, publishedAt: true } } },
  });
  if (!item) throw new NotFoundError(ITEM_NOT_FOUND);
  const { idea } = item;
  const pinned = item.pinnedVersion !== null && item.pinnedVersion !== idea.version
    ? await db.ideaVersion.findFirst({ where: { ideaId, version: item.pinnedVersion, status: "published" }, select: { title: true, kind: true, pdfAssetId: true, version: true, publishedAt: true } })
    : null;
  const { room: _room, ...fields } = link;
  return {
    ...fields,
    ideaId,
    roomId: link.roomId,
    viaRoom: { id: link.room.id, name: link.room.name },
    pinnedVersion: item.pinnedVersion,
    allowDownload: item.allowDownload ?? link.allowDownload,
    idea: {
      id: idea.id,
      title: pinned?.title ?? idea.title,
      ownerId: idea.ownerId,
      kind: pinned?.kind ?? idea.kind,
      pdfAssetId: pinned ? pinned.pdfAssetId : idea.pdfAssetId,
      owner: { name: link.room.owner.name, sharingBlockedDomains: link.createdBy.sharingBlockedDomains },
      version: pinned?.version ?? idea.version,
      versionCount: idea.version,
      versionPublishedAt: pinned?.publishedAt ?? (idea.version === null ? null : idea.publishedAt),
    },
  };
}

/** GET /api/share/{token}/items/{ideaId}: what GET /api/share/{token} answers for an idea link, for that item. */
export async function sharedRoomItem(link: RoomLinkSummary, ideaId: number, secrets: RecipientSecrets, client: ClientInfo, passcodes: PasscodeProofs): Promise<SharedIdeaResult | PasscodeRequired> {
  try {
    return await sharedIdeaOf(await roomItemLink(link, ideaId), secrets, client, passcodes);
  } catch (err) {
    if (err instanceof PasscodeRequiredError) return passcodeRequired(link.senderName);
    throw err;
  }
}

/**
 * The reader of a room link's item, for its pages (GET /api/share/{token}/items/{ideaId}/pages[/{n}]): the reader gate
 * as for an idea link (lib/domain/gate requireReader), the item resolved as for its content, and the recipient's view
 * of that item in its current window, whose invisible code and time its pages carry. An item not opened in this window
 * has no pages yet: the link's 404, as for anyone the gate refuses.
 */
export async function recipientItemReader(token: string, ideaId: number, secrets: RecipientSecrets) {
  const link = await linkByToken(token);
  const { share: roomLink, recipient } = await readerOf(link && link.ideaId === null ? link : null, secrets);
  const share = await roomItemLink(roomLink, ideaId);
  const view = await db.viewEvent.findFirst({
    where: { shareId: share.id, recipientId: recipient.id, ideaId, viewedAt: { gte: recipient.viewStartedAt ?? new Date() } },
    orderBy: [{ viewedAt: "desc" }, { id: "desc" }],
    select: { id: true, viewedAt: true },
  });
  if (!view) throw new NotFoundError(INVALID_LINK);
  // Its pages are marked with that view's time, as its content's watermark and its receipt line are.
  return { share, recipient: { ...recipient, viewId: view.id, viewStartedAt: view.viewedAt } };
}
