import "server-only";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { linkOrigin } from "@/lib/domain/notifications/origin";
import { queueOwnerNotification } from "@/lib/domain/notifications/queue";

/**
 * The periodic "visits-ended" job: a visit (one opening of the reader, a ViewEvent) has ended once it had reading time
 * and no report for VISIT_IDLE_MINUTES; each ended visit of a recipient is queued once as a "visitEnded" event of the
 * owner's mail (./queue.ts mails it on its own, with its summary: ./visit-mail.ts). The owner's preview records no
 * view, so it is never announced.
 *
 * Only visits that ended within LOOKBACK_MS are looked at: the scan stays small, a server that was down for hours
 * still announces the visits of that time, and older visits (before this mail existed, or ended while the owner's
 * switch was off) are never announced late. The event row (unique per kind and view) is what makes a visit's mail
 * happen once, however many runs or instances find it.
 */
export const LOOKBACK_MS = 24 * 3600_000;
/** Visits queued per run at most; the next run (a minute later) takes the rest. */
export const ENDED_VISITS_PER_RUN = 500;

export function visitIdleMs() {
  return getEnv().VISIT_IDLE_MINUTES * 60_000;
}

export async function queueEndedVisits(now = new Date()): Promise<{ queued: number }> {
  const endedBefore = new Date(now.getTime() - visitIdleMs());
  const since = new Date(endedBefore.getTime() - LOOKBACK_MS);
  const ended = await db.$queryRaw<{ id: string; recipientId: string; endedAt: Date; origin: string | null }[]>`
    SELECT v."id", v."recipientId", COALESCE(v."lastEngagementAt", v."viewedAt") AS "endedAt",
           (SELECT o."origin" FROM "OwnerNotification" o WHERE o."recipientId" = v."recipientId" ORDER BY o."createdAt" DESC LIMIT 1) AS "origin"
    FROM "ViewEvent" v
    WHERE v."recipientId" IS NOT NULL AND v."engagementMs" > 0
      AND COALESCE(v."lastEngagementAt", v."viewedAt") < (${endedBefore.toISOString()}::timestamptz AT TIME ZONE 'UTC')
      AND COALESCE(v."lastEngagementAt", v."viewedAt") >= (${since.toISOString()}::timestamptz AT TIME ZONE 'UTC')
      AND NOT EXISTS (SELECT 1 FROM "OwnerNotification" o WHERE o."kind" = 'visitEnded' AND o."sourceId" = v."id")
    ORDER BY 3
    LIMIT ${ENDED_VISITS_PER_RUN}`;
  // Links in the mail point where this recipient's earlier events came from; else the configured origin.
  const fallback = ended.some((v) => v.origin === null) ? await linkOrigin() : "";
  for (const v of ended) {
    await queueOwnerNotification({ kind: "visitEnded", sourceId: v.id, recipientId: v.recipientId, occurredAt: v.endedAt, origin: v.origin ?? fallback });
  }
  return { queued: ended.length };
}
