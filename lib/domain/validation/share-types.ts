/**
 * The share types and their labels without any zod: the owner's share screen and the preview name a link's type at
 * first paint and must not pull a zod build into their first load for it. lib/domain/validation/sharing.ts
 * re-exports them.
 */
export const SHARE_TYPES = ["one-time", "time-dependent", "full-access", "email"] as const;
export type ShareTypeValue = (typeof SHARE_TYPES)[number];

export const SHARE_TYPE_LABELS: Record<ShareTypeValue, string> = {
  "one-time": "One-time view",
  "time-dependent": "Time-limited",
  "full-access": "Full access",
  email: "Full access",
};
