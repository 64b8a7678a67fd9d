import "server-only";
import { db } from "@/lib/platform/db";
import type { SharingDefaultsInput } from "@/lib/domain/validation/share-link";
import type { ShareType } from "@/lib/generated/prisma/client";
import { shareTypeFromApi, shareTypeToApi } from "@/lib/domain/gate/share-type";

/**
 * /profile → 'Sharing defaults': domains none of the owner's links opens to (checked at identity on
 * every link, with the link's own lists), and what a new link starts with on the share form (the server also applies
 * allowDownload / screenShield when a request leaves them out).
 */
const select = { sharingBlockedDomains: true, defaultAllowDownload: true, defaultScreenShield: true, defaultExpiryDays: true, defaultShareType: true } as const;

function present(u: { sharingBlockedDomains: string[]; defaultAllowDownload: boolean; defaultScreenShield: boolean; defaultExpiryDays: number; defaultShareType: ShareType }) {
  return { blockedDomains: u.sharingBlockedDomains, allowDownload: u.defaultAllowDownload, screenShield: u.defaultScreenShield, expiryDays: u.defaultExpiryDays, shareType: shareTypeToApi(u.defaultShareType) };
}
export type SharingDefaults = ReturnType<typeof present>;

export async function getSharingDefaults(userId: string): Promise<SharingDefaults> {
  return present(await db.user.findUniqueOrThrow({ where: { id: userId }, select }));
}

/** Any of the five (partial); answers all of them. */
export async function updateSharingDefaults(userId: string, input: SharingDefaultsInput): Promise<SharingDefaults> {
  const user = await db.user.update({
    where: { id: userId },
    data: {
      sharingBlockedDomains: input.blockedDomains,
      defaultAllowDownload: input.allowDownload,
      defaultScreenShield: input.screenShield,
      defaultExpiryDays: input.expiryDays,
      defaultShareType: input.shareType === undefined ? undefined : shareTypeFromApi(input.shareType),
    },
    select,
  });
  return present(user);
}
