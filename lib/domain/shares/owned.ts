import "server-only";
import { db } from "@/lib/platform/db";
import { NotFoundError } from "@/lib/platform/http/errors";
import type { Prisma } from "@/lib/generated/prisma/client";

export const SHARE_NOT_FOUND = "Share not found";

/** Longer than any id: refused before the query. */
const MAX_ID_CHARS = 100;

type Args = Omit<Prisma.ShareFindFirstArgs, "where">;

/** A link to one of the owner's ideas or rooms. */
export const ownedLinkWhere = (ownerId: string) => ({ OR: [{ idea: { ownerId } }, { room: { ownerId } }] }) satisfies Prisma.ShareWhereInput;

/** The one ownership rule for links: a link of one of the owner's ideas or rooms, or the 404 (another creator's or unknown). */
export async function ownedShareOr404<A extends Args = Record<never, never>>(ownerId: string, id: string, args?: A): Promise<Prisma.ShareGetPayload<A>> {
  if (!id || id.length > MAX_ID_CHARS) throw new NotFoundError(SHARE_NOT_FOUND);
  const share = await db.share.findFirst({ ...args, where: { id, ...ownedLinkWhere(ownerId) } });
  if (!share) throw new NotFoundError(SHARE_NOT_FOUND);
  return share as Prisma.ShareGetPayload<A>;
}
