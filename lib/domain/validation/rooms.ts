import { z } from "zod";
import { singleLineString } from "@/lib/domain/validation/safe-string";
import { shareNote } from "@/lib/domain/validation/share-link";
import { ideaIdSchema } from "@/lib/domain/validation/ideas";

export const ROOM_NOT_FOUND = "Room not found";
export const ROOM_NAME_REQUIRED = "Please enter a name for the room";
export const ROOM_NAME_MAX = 200;
export const ROOM_FOLDER_MAX = 60;
export const ROOM_ITEMS_MAX = 100;
export const ROOM_ITEMS_MESSAGE = `A room holds at most ${ROOM_ITEMS_MAX} ideas`;

/** A room's name: the rules of an idea's title (one line, 1–200 characters). */
export const roomNameSchema = singleLineString("Name", { error: ROOM_NAME_REQUIRED })
  .min(1, ROOM_NAME_REQUIRED)
  .max(ROOM_NAME_MAX, `Name must be at most ${ROOM_NAME_MAX} characters`);

/** The welcome note on the room's index: a share note's rules (several lines, ≤ 500, empty is none). */
export const roomNoteSchema = shareNote;

/** A folder groups items one level deep: one line, ≤ 60 characters; empty is none. */
export const roomFolderSchema = singleLineString("Folder", { error: "Folder must be text" })
  .max(ROOM_FOLDER_MAX, `Folder must be at most ${ROOM_FOLDER_MAX} characters`)
  .transform((v) => v || null);

const ideaIdField = ideaIdSchema;

/** One item of PUT /api/rooms/{id}/items: `pinVersion` true pins the latest published version now, a number that version. */
export const roomItemSchema = z.object({
  ideaId: ideaIdField,
  folder: roomFolderSchema.nullable().optional(),
  pinVersion: z
    .union([z.boolean(), z.number().int().positive().max(2_147_483_647)], { error: "pinVersion must be true, false or a version number" })
    .nullable()
    .optional(),
  /** Overrides the link's download switch for this item; null or absent: the link's. */
  allowDownload: z.boolean("allowDownload must be true or false").nullable().optional(),
});
export type RoomItemInput = z.infer<typeof roomItemSchema>;

const roomItems = z.array(roomItemSchema, { error: "items must be a list" }).max(ROOM_ITEMS_MAX, ROOM_ITEMS_MESSAGE);

/** POST /api/rooms. */
export const createRoomSchema = z.object({
  name: roomNameSchema,
  note: roomNoteSchema.nullable().optional(),
  ideaIds: z.array(ideaIdField, { error: "ideaIds must be a list" }).max(ROOM_ITEMS_MAX, ROOM_ITEMS_MESSAGE).optional(),
});
export type CreateRoomRequest = z.input<typeof createRoomSchema>;

/** PATCH /api/rooms/{id}. */
export const updateRoomSchema = z.object({ name: roomNameSchema.optional(), note: roomNoteSchema.nullable().optional() });

/** PUT /api/rooms/{id}/items: the whole list, in order. */
export const replaceRoomItemsSchema = z.object({ items: roomItems });
