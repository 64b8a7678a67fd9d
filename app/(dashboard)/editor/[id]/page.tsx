import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EditorPageFrame } from "@/components/editor/editor-page-frame";

import { EditorPageClient } from "@/components/editor/editor-page-client";
import { NotFoundError } from "@/lib/platform/http/errors";
import { requirePageUser } from "@/lib/domain/auth/session";
import type { Idea } from "@/client/types";
import { getIdea } from "@/lib/domain/ideas";
import { ideaIdOrNull } from "@/lib/domain/ideas/id";
import { asWire } from "@/client/query-state";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Editor" };

/** The owner's idea exactly as GET /api/ideas/{id} answers it (dates as ISO strings); another creator's is a 404. */
async function loadIdea(ownerId: string, id: number): Promise<Idea> {
  try {
    return asWire(await getIdea(ownerId, id));
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
}

export default async function EditorPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  // `new`, or an idea id parsed as the API parses it.
  const ideaId = id === "new" ? null : ideaIdOrNull(id);
  if (id !== "new" && ideaId === null) notFound();
  const idea = ideaId === null ? null : await loadIdea(user.id, ideaId);

  return (
    <EditorPageFrame backHref="/dashboard" backLabel="Back to Dashboard">
      {/* Keyed by id: a new idea's editor state does not carry over to the idea it became. */}
      <EditorPageClient key={id} initialIdea={idea} />
    </EditorPageFrame>
  );
}
