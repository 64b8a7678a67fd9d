import { z } from "zod";
import { singleLineString } from "@/lib/domain/validation/safe-string";

export const waitlistSchema = z.object({
  name: singleLineString("Name").min(2, "Name must be at least 2 characters.").max(100, "Name must be at most 100 characters."),
  email: z.string().trim().email("Please enter a valid email address.").max(254, "Please enter a valid email address."),
  profession: singleLineString("Profession")
    .max(100, "Profession must be at most 100 characters.")
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type WaitlistInput = z.input<typeof waitlistSchema>;
