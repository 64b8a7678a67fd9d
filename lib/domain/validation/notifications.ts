import { z } from "zod";

/** PUT /api/profile/notifications: any of the switches; unknown keys and non-booleans are a 400. */
export const notificationSettingsSchema = z
  .strictObject({
    ndaAccepted: z.boolean({ error: "ndaAccepted must be true or false." }).optional(),
    firstView: z.boolean({ error: "firstView must be true or false." }).optional(),
    comments: z.boolean({ error: "comments must be true or false." }).optional(),
    proofAnchored: z.boolean({ error: "proofAnchored must be true or false." }).optional(),
    visitEnded: z.boolean({ error: "visitEnded must be true or false." }).optional(),
  })
  .refine((v) => Object.values(v).some((on) => on !== undefined), {
    error: "Name at least one of ndaAccepted, firstView, comments, proofAnchored or visitEnded.",
  });
export type NotificationSettingsInput = z.infer<typeof notificationSettingsSchema>;
export type NotificationSettings = Required<NotificationSettingsInput>;
