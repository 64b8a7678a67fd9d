import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { OwnerPreview } from "@/components/recipient/owner-preview";
import { SharePageFrame } from "@/components/share/share-page-frame";
import { NotFoundError } from "@/lib/api/errors";
import { idOrNull } from "@/lib/api/route-id";
import { requirePageUser, type CurrentUser } from "@/lib/auth/session";
import { ideaIdOrNull } from "@/lib/ideas/id";
import { loadOwnerPreview } from "@/lib/shares/owner-preview";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Preview as recipient" };

/** The preview, null when the idea or the link is unknown or another creator's (the same 404 either way). */
async function load(user: CurrentUser, ideaId: number, shareId: string | null) {
  try {
    return await loadOwnerPreview(user, ideaId, shareId);
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * /share/{id}/preview[?share={shareId}][&from=editor] — 'Preview as recipient' (issue 19 §2): the recipient's reader
 * with the link's settings and a sample identity in the watermark, for the idea's owner only. It reads and records
 * nothing (no recipient, view, agreement, notification or webhook).
 */
export default async function SharePreviewPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const user = await requirePageUser();
  const query = await searchParams;
  // ?share= names one of the idea's links; one that cannot be an id is as unknown as another creator's.
  const shareId = query.share === undefined ? null : idOrNull(query.share);
  const ideaId = ideaIdOrNull((await params).id);
  const preview = ideaId === null || (query.share !== undefined && shareId === null) ? null : await load(user, ideaId, shareId);
  if (!preview) notFound();
  const back = query.from === "editor" ? { href: `/editor/${preview.idea.id}`, label: "Back to the editor" } : { href: `/share/${preview.idea.id}`, label: "Back to sharing" };

  return (
    <SharePageFrame>
      <OwnerPreview preview={preview} back={back} />
    </SharePageFrame>
  );
}
