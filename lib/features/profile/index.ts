import "server-only";
import { db } from "@/lib/platform/db";
import { profileImageUrl } from "@/lib/domain/auth/session";

const profileSelect = { name: true, email: true, profileImageId: true, showEmailOnCertificates: true } as const;

function presentProfile(user: { name: string; email: string; profileImageId: string | null; showEmailOnCertificates: boolean }) {
  return { name: user.name, email: user.email, profileImage: profileImageUrl(user.profileImageId), showEmailOnCertificates: user.showEmailOnCertificates };
}
export type Profile = ReturnType<typeof presentProfile>;

/** GET /api/auth/me: the account as its owner sees it, with the certificate switch. */
export async function getProfile(userId: string): Promise<Profile> {
  return presentProfile(await db.user.findUniqueOrThrow({ where: { id: userId }, select: profileSelect }));
}

/**
 * The name and the certificate switch change; the e-mail is the account's identity and cannot be edited.
 * `showEmailOnCertificates`: NDA certificates (lib/domain/agreements/certificate-pdf.ts) print the owner's account e-mail only when on.
 */
export async function updateProfile(userId: string, input: { name?: string; showEmailOnCertificates?: boolean }) {
  const user = await db.user.update({
    where: { id: userId },
    data: { name: input.name, showEmailOnCertificates: input.showEmailOnCertificates },
    select: profileSelect,
  });
  return presentProfile(user);
}
