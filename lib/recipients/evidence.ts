import "server-only";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/api/errors";
import { describeDevice } from "@/lib/recipients/device";

const SHARE_NOT_FOUND = "Share not found";
/** cuid ids are 25 characters; anything far longer is not one of ours and need not reach the database. */
const MAX_ID_CHARS = 100;

export type RecipientView = { viewedAt: Date; ip: string | null; device: string };
export type RecipientNda = { id: string; acceptedAt: Date; agreementSha256: string; contentSha256: string };
export type ShareRecipient = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  emailVerified: boolean;
  nda: RecipientNda | null;
  views: RecipientView[];
};

/**
 * GET /api/shares/{id}/recipients: who identified on one of the owner's links, whether they confirmed their address
 * and accepted the agreement, and every view, newest first. Another creator's share or an unknown id is a 404.
 * Four queries whatever the number of recipients and views (the budget: 500 recipients, 5,000 views).
 */
export async function listShareRecipients(ownerId: string, shareId: string): Promise<ShareRecipient[]> {
  if (!shareId || shareId.length > MAX_ID_CHARS) throw new NotFoundError(SHARE_NOT_FOUND);
  const share = await db.share.findFirst({ where: { id: shareId, idea: { ownerId } }, select: { id: true } });
  if (!share) throw new NotFoundError(SHARE_NOT_FOUND);
  const [recipients, ndas, views] = await Promise.all([
    db.recipient.findMany({
      where: { shareId },
      select: { id: true, name: true, email: true, phone: true, emailVerifiedAt: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    }),
    db.ndaAcceptance.findMany({
      where: { shareId },
      select: { id: true, recipientId: true, acceptedAt: true, agreementSha256: true, contentSha256: true },
    }),
    db.viewEvent.findMany({
      where: { shareId, recipientId: { not: null } },
      select: { recipientId: true, viewedAt: true, ip: true, userAgent: true },
      orderBy: [{ viewedAt: "desc" }, { id: "desc" }],
    }),
  ]);
  const ndaByRecipient = new Map(ndas.map(({ recipientId, ...nda }) => [recipientId, nda]));
  const viewsByRecipient = new Map<string, RecipientView[]>();
  for (const v of views) {
    const list = viewsByRecipient.get(v.recipientId!) ?? [];
    if (list.length === 0) viewsByRecipient.set(v.recipientId!, list);
    list.push({ viewedAt: v.viewedAt, ip: v.ip, device: describeDevice(v.userAgent) });
  }
  return recipients.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    emailVerified: r.emailVerifiedAt !== null,
    nda: ndaByRecipient.get(r.id) ?? null,
    views: viewsByRecipient.get(r.id) ?? [],
  }));
}
