import type { z } from "zod";

import type { waitlistSchema } from "@/lib/validation/waitlist";

export type WaitlistPayload = z.output<typeof waitlistSchema>;

export interface WaitlistResult {
  alreadyExists: boolean;
}

/**
 * POST /api/waitlist. Any non-OK response throws an Error whose message is
 * "<status>: <body text or status text>" (spec §8).
 */
export async function joinWaitlist(payload: WaitlistPayload): Promise<WaitlistResult> {
  const res = await fetch("/api/waitlist", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: payload.name,
      email: payload.email,
      profession: payload.profession,
    }),
  });

  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new Error(`${res.status}: ${text || res.statusText}`);
  }

  const data: unknown = await res.json();
  if (
    typeof data === "object" &&
    data !== null &&
    "alreadyExists" in data &&
    typeof data.alreadyExists === "boolean"
  ) {
    return { alreadyExists: data.alreadyExists };
  }
  throw new Error(`${res.status}: Unexpected response`);
}
