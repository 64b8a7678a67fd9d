import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { OwnerPreview } from "@/components/recipient/owner-preview";
import { SharePageFrame } from "@/components/share/share-page-frame";
import { NotFoundError } from "@/lib/platform/http/errors";
import { idOrNull } from "@/lib/domain/validation/route-id";
import { requirePageUser, type CurrentUser } from "@/lib/domain/auth/session";
import { ideaIdOrNull } from "@/lib/domain/ideas/id";
import { loadOwnerPreview, type PreviewTarget } from "@/lib/domain/shares/owner-preview";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Preview as recipient" };

/** The preview, null when the idea, the link or the version is unknown or another creator's (the same 404 either way). */
async function load(user: CurrentUser, ideaId: number, target: PreviewTarget) {
  try {
    return await loadOwnerPreview(user, ideaId, target);
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A version number from the query (?version=2), null when absent, undefined when it cannot be one. */
function versionParam(raw: string | string[] | undefined): number | null | undefined {
  if (raw === undefined) return null;
  return typeof raw === "string" && /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : undefined;
}

/**
 * /share/{id}/preview[?share={shareId}|?version={n}][&from=editor] — 'Preview as recipient': the
 * recipient's reader with the link's settings and a sample identity in the watermark, for the idea's owner only; with
 * ?version, that version (a new version's draft, before it is published) as a new link will show it. It reads and
 * records nothing (no recipient, view, agreement, notification or webhook).
 */
export default async function SharePreviewPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const user = await requirePageUser();
  const query = await searchParams;
  // ?share= names one of the idea's links; one that cannot be an id is as unknown as another creator's.
  const shareId = query.share === undefined ? null : idOrNull(query.share);
  const version = versionParam(query.version);
  const ideaId = ideaIdOrNull((await params).id);
  const unknown = ideaId === null || (query.share !== undefined && shareId === null) || version === undefined || (version !== null && shareId !== null);
  const preview = unknown ? null : await load(user, ideaId, { shareId, version });
  if (!preview) notFound();
  const editor = version === null ? `/editor/${preview.idea.id}` : `/editor/${preview.idea.id}/versions/${version}`;
  const back = query.from === "editor" ? { href: editor, label: "Back to the editor" } : { href: `/share/${preview.idea.id}`, label: "Back to sharing" };
  const pagesBase = version === null ? undefined : `/api/ideas/${preview.idea.id}/versions/${version}/preview`;

  return (
    <SharePageFrame>
      <OwnerPreview preview={preview} back={back} pagesBase={pagesBase} />
    </SharePageFrame>
  );
}
