import "server-only";
import { db } from "@/lib/platform/db";
import { NotFoundError } from "@/lib/platform/http/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { IDEA_NOT_FOUND } from "@/lib/domain/ideas/id";

export { IDEA_NOT_FOUND };

type Args = Omit<Prisma.IdeaFindFirstArgs, "where">;

/**
 * The one ownership rule for ideas: the owner's idea, or the 404 — the same answer for another creator's idea and for
 * one that does not exist, so ids cannot be probed. The query itself carries the owner.
 */
export async function ownedIdeaOr404<A extends Args = Record<never, never>>(ownerId: string, id: number, args?: A): Promise<Prisma.IdeaGetPayload<A>> {
  const idea = await db.idea.findFirst({ ...args, where: { id, ownerId } });
  if (!idea) throw new NotFoundError(IDEA_NOT_FOUND);
  return idea as Prisma.IdeaGetPayload<A>;
}
