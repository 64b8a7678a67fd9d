import type { ShareType } from "@/lib/generated/prisma/client";
import type { ShareTypeValue } from "@/lib/domain/validation/sharing";

/** A link's type as the database, Prisma and the API spell it. */
const TYPE_TO_API: Record<ShareType, ShareTypeValue> = {
  one_time: "one-time",
  time_dependent: "time-dependent",
  full_access: "full-access",
  email: "email",
};
const API_TO_TYPE: Record<ShareTypeValue, ShareType> = {
  "one-time": "one_time",
  "time-dependent": "time_dependent",
  "full-access": "full_access",
  email: "email",
};

export function shareTypeToApi(t: ShareType): ShareTypeValue {
  return TYPE_TO_API[t];
}
export function shareTypeFromApi(t: ShareTypeValue): ShareType {
  return API_TO_TYPE[t];
}

/** The share_type enum's database labels (raw queries read them as text). */
export const SHARE_TYPE_FROM_DB: Record<string, ShareType> = {
  "one-time": "one_time",
  "time-dependent": "time_dependent",
  "full-access": "full_access",
  email: "email",
};
