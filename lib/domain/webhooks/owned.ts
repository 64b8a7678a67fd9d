import "server-only";
import { db } from "@/lib/platform/db";
import { NotFoundError } from "@/lib/platform/http/errors";
import type { Prisma } from "@/lib/generated/prisma/client";

export const WEBHOOK_NOT_FOUND = "Webhook not found";

type Args = Omit<Prisma.WebhookEndpointFindFirstArgs, "where">;

/** The one ownership rule for webhook endpoints: the account's endpoint, or the 404. */
export async function ownedWebhookOr404<A extends Args = Record<never, never>>(userId: string, id: string, args?: A): Promise<Prisma.WebhookEndpointGetPayload<A>> {
  const endpoint = await db.webhookEndpoint.findFirst({ ...args, where: { id, userId } });
  if (!endpoint) throw new NotFoundError(WEBHOOK_NOT_FOUND);
  return endpoint as Prisma.WebhookEndpointGetPayload<A>;
}
