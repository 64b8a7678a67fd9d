import "server-only";
import { db } from "@/lib/platform/db";
import { sha256Hex } from "@/lib/platform/crypto";
import { ConflictError } from "@/lib/platform/http/errors";
import { canonicalJson, exportDigest } from "@/lib/domain/ideas/export";
import { shownVersion } from "@/lib/domain/gate/shown-version";
import type { AgreementLink } from "@/lib/domain/agreements/shown";
import type { ClientInfo, RecipientSecrets } from "@/lib/domain/gate/secrets";
import type { RoomAgreementItem, RoomAgreementSubject } from "@/lib/domain/validation/agreement-text";
import { acceptNda, ideaAcceptanceSubject, type AcceptanceSubjectOf } from "@/lib/domain/recipients/accept-nda";
import { agreementForBrowser, ideaAgreementSubject, type AgreementSubjectOf } from "@/lib/domain/recipients/agreement";
import { ROOM_EMPTY } from "@/lib/domain/rooms/recipient";

/**
 * A room link's one agreement: it names every idea in the room, in the room's order, by title, the version the
 * recipient is shown (the item's pinned one, else the latest published) and that version's SHA-256 (the digest its
 * publication timestamped). Built afresh for every showing and acceptance, so an item added or removed since is
 * (or is no longer) named; an emptied room has no agreement (409 ROOM_EMPTY).
 */
export async function roomAgreementItems(roomId: string): Promise<RoomAgreementItem[]> {
  const items = await db.roomItem.findMany({
    where: { roomId },
    orderBy: { position: "asc" },
    select: {
      ideaId: true,
      pinnedVersion: true,
      idea: { select: { ownerId: true } },
    },
  });
  if (items.length === 0) throw new ConflictError(ROOM_EMPTY);
  return Promise.all(
    items.map(async (item) => {
      const shown = await shownVersion({
        ideaId: item.ideaId,
        pinnedVersion: item.pinnedVersion,
      });
      // Only published ideas are in rooms, so the digest is stored; the export is the fallback its definition names.
      const sha256 =
        shown.contentSha256 ??
        (await exportDigest({
          id: item.ideaId,
          ownerId: item.idea.ownerId,
          title: shown.title,
          contentCiphertext: shown.contentCiphertext,
        }));
      return {
        ideaId: item.ideaId,
        title: shown.title,
        version: shown.version,
        sha256,
      };
    }),
  );
}

async function roomSubject(roomId: string): Promise<RoomAgreementSubject> {
  const [room, items] = await Promise.all([
    db.room.findUniqueOrThrow({
      where: { id: roomId },
      select: { name: true },
    }),
    roomAgreementItems(roomId),
  ]);
  return { id: roomId, name: room.name, items };
}

/** The agreement subject of a link to an idea or to a room (GET /api/share/{token}/agreement). */
export const linkAgreementSubject: AgreementSubjectOf = async (link): Promise<AgreementLink> =>
  link.ideaId === null
    ? {
        agreementId: link.agreementId,
        room: { ...(await roomSubject(link.roomId)), owner: link.room.owner },
      }
    : ideaAgreementSubject(link);

/**
 * The acceptance subject of a link to an idea or to a room. A room's: the record keeps the room and its list of
 * ideas, its content digest is the SHA-256 of that list's canonical JSON (one digest for what was agreed to), and
 * the acceptance goes to each idea's log with that idea's own digest.
 */
export const linkAcceptanceSubject: AcceptanceSubjectOf = async (link) => {
  if (link.roomId === null) return ideaAcceptanceSubject(link);
  const room = await roomSubject(link.roomId);
  return {
    agreement: {
      agreementId: link.agreementId,
      room: { ...room, owner: { name: link.createdBy.name } },
    },
    record: {
      ideaId: null,
      roomId: room.id,
      roomItems: room.items,
      contentSha256: roomItemsSha256(room.items),
      version: null,
    },
    covers: room.items.map((i) => ({
      ideaId: i.ideaId,
      contentSha256: i.sha256,
      version: i.version,
    })),
    room: { id: room.id, name: room.name },
  };
};

/** SHA-256 of a room agreement's idea list as the record stores it (canonical JSON). */
export function roomItemsSha256(items: RoomAgreementItem[]): string {
  return sha256Hex(Buffer.from(canonicalJson(items), "utf8"));
}

/** PUT /api/recipients/{id}/nda for a link to an idea or to a room. */
export function acceptLinkNda(id: string, secrets: RecipientSecrets, client: ClientInfo, shown: { agreementSha256?: string; signature?: string } = {}) {
  return acceptNda(id, secrets, client, shown, linkAcceptanceSubject);
}

/** GET /api/share/{token}/agreement for a link to an idea or to a room. */
export function linkAgreementForBrowser(token: string, secrets: RecipientSecrets) {
  return agreementForBrowser(token, secrets, linkAgreementSubject);
}
