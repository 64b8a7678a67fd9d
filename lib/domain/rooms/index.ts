import "server-only";
import { db } from "@/lib/platform/db";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/platform/http/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isWellFormedId } from "@/lib/domain/validation/ids";
import {
  createRoomSchema,
  replaceRoomItemsSchema,
  ROOM_NOT_FOUND,
  updateRoomSchema,
  type CreateRoomRequest,
  type RoomItemInput,
} from "@/lib/domain/validation/rooms";
import { presentShare, shareWithAgreement } from "@/lib/domain/shares/present";
import type { ShareTarget } from "@/lib/domain/shares";

export { ROOM_NOT_FOUND };

export const ROOM_HAS_LIVE_LINKS = "A link to this room is still live. Revoke its links before deleting the room.";
export const NOT_PUBLISHED = (id: number) => `Idea ${id} is not published yet: publish it before adding it to a room`;
export const NOT_YOURS = (id: number) => `Idea ${id} is not one of your ideas`;
export const DUPLICATE_ITEM = (id: number) => `Idea ${id} is in the list twice`;

/** A room that is not deleted. */
const liveRoom = (ownerId: string) => ({ ownerId, deletedAt: null }) satisfies Prisma.RoomWhereInput;

/** The one ownership rule for rooms: the owner's live room, or the 404 (another owner's and an unknown id alike). */
export async function ownedRoomOr404(ownerId: string, id: string) {
  const room = isWellFormedId(id) ? await db.room.findFirst({ where: { id, ...liveRoom(ownerId) } }) : null;
  if (!room) throw new NotFoundError(ROOM_NOT_FOUND);
  return room;
}

/** A link is live while it is neither revoked nor expired (a used-up link can still be reopened by its owner's change). */
const liveLink = (now: Date) => ({ revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }) satisfies Prisma.ShareWhereInput;

type ItemRow = { roomId: string; ideaId: number; position: number; folder: string | null; pinnedVersion: number | null; allowDownload: boolean | null };

/**
 * The items as the owner and recipients see them: title, kind and version of what the item shows (its pinned version,
 * else the latest published), the page or section count the idea's readers reported (null before anyone read it).
 * Three statements whatever the number of items.
 */
export async function presentItems(items: ItemRow[]) {
  if (items.length === 0) return [];
  const ids = items.map((i) => i.ideaId);
  const pinned = items.filter((i) => i.pinnedVersion !== null).map((i) => ({ ideaId: i.ideaId, version: i.pinnedVersion as number }));
  const [ideas, versions, counts] = await Promise.all([
    db.idea.findMany({ where: { id: { in: ids } }, select: { id: true, title: true, kind: true, version: true } }),
    pinned.length
      ? db.ideaVersion.findMany({ where: { status: "published", OR: pinned }, select: { ideaId: true, version: true, title: true, kind: true } })
      : Promise.resolve([]),
    db.viewEvent.groupBy({ by: ["ideaId", "version"], where: { ideaId: { in: ids } }, _max: { pageCount: true } }),
  ]);
  const ideaOf = new Map(ideas.map((i) => [i.id, i]));
  const versionOf = new Map(versions.map((v) => [`${v.ideaId}:${v.version}`, v]));
  const pagesOf = new Map(counts.map((c) => [`${c.ideaId}:${c.version}`, c._max.pageCount]));
  return items.flatMap((item) => {
    const idea = ideaOf.get(item.ideaId);
    if (!idea) return [];
    const row = item.pinnedVersion !== null ? versionOf.get(`${item.ideaId}:${item.pinnedVersion}`) : undefined;
    const version = row?.version ?? idea.version;
    return [
      {
        ideaId: item.ideaId,
        title: row?.title ?? idea.title,
        kind: row?.kind ?? idea.kind,
        version,
        pageCount: pagesOf.get(`${item.ideaId}:${version}`) ?? null,
        folder: item.folder,
        /** The version the item stays on; null: the latest published. */
        pinVersion: item.pinnedVersion,
        /** Overrides the link's download switch; null: the link's. */
        allowDownload: item.allowDownload,
        position: item.position,
      },
    ];
  });
}

/**
 * The items of a new list checked against the owner's ideas: each must be the owner's and published, once.
 * 400 with the first problem's message otherwise.
 */
async function checkedItems(tx: Prisma.TransactionClient, ownerId: string, roomId: string, input: RoomItemInput[]) {
  const seen = new Set<number>();
  for (const item of input) {
    if (seen.has(item.ideaId)) throw new ValidationError(DUPLICATE_ITEM(item.ideaId));
    seen.add(item.ideaId);
  }
  const ideas = await tx.idea.findMany({ where: { id: { in: [...seen] }, ownerId }, select: { id: true, version: true } });
  const latest = new Map(ideas.map((i) => [i.id, i.version]));
  const pinnedAsked = input.filter((i) => typeof i.pinVersion === "number").map((i) => ({ ideaId: i.ideaId, version: i.pinVersion as number }));
  const published = pinnedAsked.length
    ? new Set((await tx.ideaVersion.findMany({ where: { status: "published", OR: pinnedAsked }, select: { ideaId: true, version: true } })).map((v) => `${v.ideaId}:${v.version}`))
    : new Set<string>();
  return input.map((item, position) => {
    if (!latest.has(item.ideaId)) throw new ValidationError(NOT_YOURS(item.ideaId));
    const version = latest.get(item.ideaId) ?? null;
    if (version === null) throw new ValidationError(NOT_PUBLISHED(item.ideaId));
    let pinnedVersion: number | null = null;
    if (item.pinVersion === true) pinnedVersion = version;
    else if (typeof item.pinVersion === "number") {
      if (item.pinVersion !== version && !published.has(`${item.ideaId}:${item.pinVersion}`)) {
        throw new ValidationError(`Idea ${item.ideaId} has no published version ${item.pinVersion}`);
      }
      pinnedVersion = item.pinVersion;
    }
    return { roomId, ideaId: item.ideaId, position, folder: item.folder ?? null, pinnedVersion, allowDownload: item.allowDownload ?? null };
  });
}

/** GET /api/rooms/{id}: the room, its items in order and its links (newest first, as an idea's share list). */
export async function roomForOwner(ownerId: string, id: string) {
  const room = await ownedRoomOr404(ownerId, id);
  const [items, shares] = await Promise.all([
    db.roomItem.findMany({ where: { roomId: room.id }, orderBy: { position: "asc" } }),
    db.share.findMany({ where: { roomId: room.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], include: shareWithAgreement }),
  ]);
  return {
    id: room.id,
    name: room.name,
    note: room.note,
    createdAt: room.createdAt,
    updatedAt: room.updatedAt,
    items: await presentItems(items),
    shares: shares.map(presentShare),
  };
}

/** POST /api/rooms: the room with its first ideas (in the order given, on their latest version). */
export async function createRoom(ownerId: string, request: CreateRoomRequest) {
  const input = createRoomSchema.parse(request);
  const id = await db.$transaction(async (tx) => {
    const room = await tx.room.create({ data: { ownerId, name: input.name, note: input.note ?? null } });
    const items = await checkedItems(tx, ownerId, room.id, (input.ideaIds ?? []).map((ideaId) => ({ ideaId })));
    if (items.length) await tx.roomItem.createMany({ data: items });
    return room.id;
  });
  return roomForOwner(ownerId, id);
}

/** GET /api/rooms: the owner's rooms, last changed first, with their counts (one statement). */
export async function listRooms(ownerId: string) {
  const now = new Date();
  const rooms = await db.room.findMany({
    where: liveRoom(ownerId),
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, note: true, updatedAt: true, _count: { select: { items: true, shares: { where: liveLink(now) } } } },
  });
  return { rooms: rooms.map((r) => ({ id: r.id, name: r.name, note: r.note, itemCount: r._count.items, linkCount: r._count.shares, updatedAt: r.updatedAt })) };
}

/** PATCH /api/rooms/{id}: name and note. */
export async function updateRoom(ownerId: string, id: string, request: unknown) {
  const room = await ownedRoomOr404(ownerId, id);
  const input = updateRoomSchema.parse(request);
  await db.room.update({ where: { id: room.id }, data: { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.note !== undefined ? { note: input.note } : {}) } });
  return roomForOwner(ownerId, room.id);
}

/**
 * PUT /api/rooms/{id}/items: the whole list in its new order. An item left out is gone for recipients on their next
 * call (every recipient call reads the room's items afresh).
 */
export async function replaceRoomItems(ownerId: string, id: string, request: unknown) {
  await ownedRoomOr404(ownerId, id);
  const input = replaceRoomItemsSchema.parse(request);
  await db.$transaction(async (tx) => {
    await lockRoom(tx, ownerId, id);
    const items = await checkedItems(tx, ownerId, id, input.items);
    await tx.roomItem.deleteMany({ where: { roomId: id } });
    if (items.length) await tx.roomItem.createMany({ data: items });
    await tx.room.update({ where: { id }, data: { updatedAt: new Date() } });
  });
  return roomForOwner(ownerId, id);
}

/** Locks the owner's live room for the rest of the transaction (FOR UPDATE), or the 404. */
async function lockRoom(tx: Prisma.TransactionClient, ownerId: string, id: string, mode: "UPDATE" | "SHARE" = "UPDATE") {
  if (!isWellFormedId(id)) throw new NotFoundError(ROOM_NOT_FOUND);
  const rows = mode === "UPDATE"
    ? await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Room" WHERE "id" = ${id} AND "ownerId" = ${ownerId} AND "deletedAt" IS NULL FOR UPDATE`
    : await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Room" WHERE "id" = ${id} AND "ownerId" = ${ownerId} AND "deletedAt" IS NULL FOR SHARE`;
  if (rows.length !== 1) throw new NotFoundError(ROOM_NOT_FOUND);
}

/** The room a new link is for, locked against a concurrent delete until the link is written (inside `tx`). */
export function lockRoomForLink(tx: Prisma.TransactionClient, ownerId: string, id: string) {
  return lockRoom(tx, ownerId, id, "SHARE");
}

/**
 * DELETE /api/rooms/{id}: 409 while a live link (not revoked, not expired) opens it. Otherwise the room goes; when
 * links ever pointed at it, only soft-deleted (deletedAt): their recipients' acceptances name the room and its ideas,
 * evidence that must outlive the room's place on the owner's screens (as a deleted agreement's).
 */
export async function deleteRoom(ownerId: string, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockRoom(tx, ownerId, id);
    if ((await tx.share.count({ where: { roomId: id, ...liveLink(new Date()) } })) > 0) throw new ConflictError(ROOM_HAS_LIVE_LINKS);
    if ((await tx.share.count({ where: { roomId: id } })) > 0) await tx.room.update({ where: { id }, data: { deletedAt: new Date() } });
    else await tx.room.delete({ where: { id } });
  });
}

/** The room a new link opens (POST /api/shares with roomId): the owner's live room, else the 404. */
export async function shareableRoomOr404(ownerId: string, roomId: string): Promise<ShareTarget> {
  const room = await ownedRoomOr404(ownerId, roomId);
  const owner = await db.user.findUniqueOrThrow({ where: { id: ownerId }, select: { name: true, email: true } });
  return { ideaId: null, roomId: room.id, title: room.name, version: null, owner, lock: (tx) => lockRoomForLink(tx, ownerId, room.id) };
}
