import { z } from "zod";

/** PUT /api/profile/notifications: any of the three switches; unknown keys and non-booleans are a 400. */
export const notificationSettingsSchema = z
  .strictObject({
    ndaAccepted: z.boolean({ error: "ndaAccepted must be true or false." }).optional(),
    firstView: z.boolean({ error: "firstView must be true or false." }).optional(),
    comments: z.boolean({ error: "comments must be true or false." }).optional(),
  })
  .refine((v) => v.ndaAccepted !== undefined || v.firstView !== undefined || v.comments !== undefined, {
    error: "Name at least one of ndaAccepted, firstView or comments.",
  });
export type NotificationSettingsInput = z.infer<typeof notificationSettingsSchema>;
export type NotificationSettings = Required<NotificationSettingsInput>;
