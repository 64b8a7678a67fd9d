import "server-only";
import { db } from "@/lib/db";
import { profileImageUrl } from "@/lib/auth/session";

/** Only the name changes: the e-mail is the account's identity and cannot be edited. */
export async function updateProfile(userId: string, input: { name: string }) {
  const user = await db.user.update({
    where: { id: userId },
    data: { name: input.name },
    select: { name: true, email: true, profileImageId: true },
  });
  return { name: user.name, email: user.email, profileImage: profileImageUrl(user.profileImageId) };
}
