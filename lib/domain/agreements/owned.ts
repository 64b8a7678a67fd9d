import "server-only";
import { db } from "@/lib/platform/db";
import { NotFoundError } from "@/lib/platform/http/errors";
import type { Prisma } from "@/lib/generated/prisma/client";

export const AGREEMENT_NOT_FOUND = "Agreement not found";

type Args = Omit<Prisma.AgreementFindFirstArgs, "where">;

/** An agreement that is the owner's and not deleted. */
export const liveAgreement = (ownerId: string, id?: string) => ({ ...(id ? { id } : {}), ownerId, deletedAt: null });

/** The one ownership rule for the creator's own agreements: the live agreement, or the 404. */
export async function ownedAgreementOr404<A extends Args = Record<never, never>>(ownerId: string, id: string, args?: A): Promise<Prisma.AgreementGetPayload<A>> {
  const row = await db.agreement.findFirst({ ...args, where: liveAgreement(ownerId, id) });
  if (!row) throw new NotFoundError(AGREEMENT_NOT_FOUND);
  return row as Prisma.AgreementGetPayload<A>;
}
