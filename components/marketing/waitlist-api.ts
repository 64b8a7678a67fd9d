import type { z } from "zod";

import { apiRequest } from "@/client/request";
import type { WaitlistResult } from "@/client/types";
import type { waitlistSchema } from "@/lib/domain/validation/waitlist";

export type WaitlistPayload = z.output<typeof waitlistSchema>;

/** POST /api/waitlist. Any non-OK response throws an `ApiError` "<status>: <body text or status text>" (SPEC §8). */
export async function joinWaitlist(payload: WaitlistPayload): Promise<WaitlistResult> {
  const data = await apiRequest<WaitlistResult | null>("POST", "/api/waitlist", {
    name: payload.name,
    email: payload.email,
    profession: payload.profession,
  });
  if (typeof data?.alreadyExists !== "boolean") throw new Error("Unexpected response from /api/waitlist");
  return { alreadyExists: data.alreadyExists };
}
