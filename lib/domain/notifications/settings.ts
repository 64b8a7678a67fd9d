import "server-only";
import { db } from "@/lib/platform/db";
import type { NotificationSettings, NotificationSettingsInput } from "@/lib/domain/validation/notifications";

const columns = { notifyNdaAccepted: true, notifyFirstView: true, notifyComments: true, notifyProofAnchored: true, notifyVisitEnded: true } as const;

function present(u: { [K in keyof typeof columns]: boolean }): NotificationSettings {
  return { ndaAccepted: u.notifyNdaAccepted, firstView: u.notifyFirstView, comments: u.notifyComments, proofAnchored: u.notifyProofAnchored, visitEnded: u.notifyVisitEnded };
}

/** GET /api/profile/notifications. */
export async function getNotificationSettings(userId: string): Promise<NotificationSettings> {
  return present(await db.user.findUniqueOrThrow({ where: { id: userId }, select: columns }));
}

/** PUT /api/profile/notifications: only the switches named change; answers all of them. */
export async function updateNotificationSettings(userId: string, input: NotificationSettingsInput): Promise<NotificationSettings> {
  const user = await db.user.update({
    where: { id: userId },
    data: { notifyNdaAccepted: input.ndaAccepted, notifyFirstView: input.firstView, notifyComments: input.comments, notifyProofAnchored: input.proofAnchored, notifyVisitEnded: input.visitEnded },
    select: columns,
  });
  return present(user);
}
