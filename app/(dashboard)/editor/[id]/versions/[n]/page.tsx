import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EditorPageFrame } from "@/components/editor/editor-page-frame";

import { VersionEditorClient } from "@/components/versions/version-editor-client";
import { NotFoundError } from "@/lib/platform/http/errors";
import { requirePageUser } from "@/lib/domain/auth/session";
import type { IdeaVersionDetail } from "@/client/types";
import { ideaIdOrNull } from "@/lib/domain/ideas/id";
import { asWire } from "@/client/query-state";
import { getVersion, parseVersionNumber } from "@/lib/domain/ideas/versions";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Version" };

/** One version of the owner's idea as GET /api/ideas/{id}/versions/{n} answers it; anyone else's is a 404. */
async function loadVersion(ownerId: string, id: number, n: string): Promise<IdeaVersionDetail> {
  try {
    return asWire(await getVersion(ownerId, id, parseVersionNumber(n)));
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
}

export default async function VersionPage({ params }: { params: Promise<{ id: string; n: string }> }) {
  const user = await requirePageUser();
  const { id, n } = await params;
  const ideaId = ideaIdOrNull(id);
  if (ideaId === null) notFound();
  const version = await loadVersion(user.id, ideaId, n);

  return (
    <EditorPageFrame backHref={`/editor/${ideaId}`} backLabel="Back to the idea">
      <VersionEditorClient key={`${ideaId}-${n}`} initialVersion={version} />
    </EditorPageFrame>
  );
}
