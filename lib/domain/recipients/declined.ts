import "server-only";
import { NotFoundError } from "@/lib/platform/http/errors";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Inside a transaction that records the agreement: locks the recipient row and refuses (404, like every other call
 * of a declined recipient) if it declined meanwhile. Declining updates the same row under the condition "not
 * agreed", so an acceptance and a decline racing each other cannot both succeed.
 */
export async function lockUndeclinedRecipient(tx: Prisma.TransactionClient, recipientId: string) {
  const rows = await tx.$queryRaw<{ declined: boolean }[]>`
    SELECT ("declinedAt" IS NOT NULL) AS "declined" FROM "Recipient" WHERE "id" = ${recipientId} FOR UPDATE`;
  if (rows.length !== 1 || rows[0].declined) throw new NotFoundError(INVALID_LINK);
}
