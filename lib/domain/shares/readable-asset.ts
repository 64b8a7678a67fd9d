import "server-only";
import { db } from "@/lib/platform/db";
import { appendEvidence } from "@/lib/domain/evidence-log/append";
import type { AssetMeta } from "@/lib/domain/files";
import { recordMissingImageLinks, type ContentRow } from "@/lib/domain/ideas/image-links";
import { findReaders } from "@/lib/domain/gate";
import { secretHashes } from "@/lib/domain/gate/secrets";

const assetMetaSelect = { id: true, blobKey: true, fileName: true, contentType: true, size: true } as const;

/**
 * The asset if `userId` owns it, or if this browser holds a recipient session that reads an idea using it (the
 * recipient gate, lib/domain/gate/index.ts), through an idea link or a room link holding the idea. A recipient reads only the idea's PDF — and that only when its link allows
 * downloads (otherwise it reads page images, /api/share/{token}/pages) — and the images its HTML shows; nothing else
 * of the owner's.
 */
export async function findReadableAsset(userId: string | null, assetId: string, recipientSecrets: readonly string[] = []): Promise<AssetMeta | null> {
  if (userId) {
    const own = await db.asset.findFirst({ where: { id: assetId, ownerId: userId }, select: assetMetaSelect });
    if (own) return own;
  }
  if (secretHashes(recipientSecrets).length === 0) return null;
  const asset = await db.asset.findUnique({ where: { id: assetId }, select: { ...assetMetaSelect, ownerId: true, kind: true } });
  if (!asset || asset.kind === "profile") return null;
  const now = new Date();
  const shownIdea = { select: { pdfAssetId: true, kind: true, version: true, imageLinksRecorded: true } } as const;
  const recipients = await findReaders(recipientSecrets, { share: { OR: [{ idea: { ownerId: asset.ownerId } }, { room: { ownerId: asset.ownerId } }] } }, {
    id: true,
    shareId: true,
    name: true,
    email: true,
    viewStartedAt: true,
    share: {
      select: {
        allowDownload: true,
        ideaId: true,
        pinnedVersion: true,
        idea: shownIdea,
        room: { select: { items: { select: { ideaId: true, pinnedVersion: true, allowDownload: true, idea: shownIdea } } } },
      },
    },
  });
  // Each idea a reader's link shows: an idea link's idea; each item of a room link's room, on the item's pinned version
  // and with its own download switch (else the link's), as the item's content is delivered (lib/domain/rooms/recipient.ts).
  const ideaLinks = recipients.flatMap((r) =>
    r.share.ideaId !== null && r.share.idea
      ? [{ ...r, viaRoom: false, share: { ...r.share, ideaId: r.share.ideaId, idea: r.share.idea } }]
      : (r.share.room?.items ?? []).map((item) => ({
          ...r,
          viaRoom: true,
          share: { ...r.share, ideaId: item.ideaId, pinnedVersion: item.pinnedVersion, allowDownload: item.allowDownload ?? r.share.allowDownload, idea: item.idea },
        })),
  );
  // The content each link shows (as lib/domain/gate/shown-version.ts): a pinned older version's row, else the Idea row.
  const shown = await Promise.all(
    ideaLinks.map(async (r) => {
      const pinned = r.share.pinnedVersion !== null && r.share.pinnedVersion !== r.share.idea.version
        ? await db.ideaVersion.findFirst({ where: { ideaId: r.share.ideaId, version: r.share.pinnedVersion, status: "published" }, select: { pdfAssetId: true, kind: true, version: true, imageLinksRecorded: true } })
        : null;
      const row: ContentRow = { ideaId: r.share.ideaId, version: pinned ? pinned.version : null };
      return { r, row, ...(pinned ?? r.share.idea) };
    }),
  );
  for (const s of shown) {
    if (s.pdfAssetId === asset.id && s.r.share.allowDownload) {
      // The copy carries the time of the view it was read in: an idea link's window, a room item's own view in it
      // (as the item's content and pages are marked). An item not opened in this window has no view to name: not served.
      const accessedAt = s.r.viaRoom ? await itemViewTime(s.r, s.r.share.ideaId, now) : (s.r.viewStartedAt ?? now);
      if (!accessedAt) continue;
      // The recipient's marked copy of the PDF is handed out: a download, evidence of what left the reader.
      await db.$transaction((tx) =>
        appendEvidence(tx, {
          ideaId: s.r.share.ideaId,
          type: "file.downloaded",
          data: { shareId: s.r.shareId, recipientId: s.r.id, assetId: asset.id, version: s.version ?? null, watermarked: true },
        }),
      );
      return { ...pick(asset), watermark: { name: s.r.name, email: s.r.email, accessedAt }, recipientId: s.r.id };
    }
  }
  if (asset.kind !== "image") return null;
  // An image is served when a shown HTML content links it: one join over the links recorded at save
  // (lib/domain/ideas/image-links.ts), after recording them once for rows written before links existed.
  const html = shown.filter((s) => s.kind === "html");
  if (html.length === 0) return null;
  await recordMissingImageLinks(html.filter((s) => !s.imageLinksRecorded).map((s) => s.row));
  const rows = html.map((s) => s.row);
  const linked = await db.ideaImage.findFirst({ where: { assetId: asset.id, OR: rows }, select: { id: true } });
  return linked ? pick(asset) : null;
}

/** When a room link's reader opened `ideaId` in their current view window (lib/domain/shares/views.ts consumeShareView); null: not yet. */
async function itemViewTime(r: { id: string; shareId: string; viewStartedAt: Date | null }, ideaId: number, now: Date): Promise<Date | null> {
  const view = await db.viewEvent.findFirst({
    where: { shareId: r.shareId, recipientId: r.id, ideaId, viewedAt: { gte: r.viewStartedAt ?? now } },
    orderBy: [{ viewedAt: "asc" }, { id: "asc" }],
    select: { viewedAt: true },
  });
  return view?.viewedAt ?? null;
}

function pick(a: AssetMeta): AssetMeta {
  return { id: a.id, blobKey: a.blobKey, fileName: a.fileName, contentType: a.contentType, size: a.size };
}
