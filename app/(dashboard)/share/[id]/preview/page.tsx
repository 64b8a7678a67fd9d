import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeft } from "lucide-react";

import { OwnerPreview } from "@/components/recipient/owner-preview";
import { SharePageFrame } from "@/components/share/share-page-frame";
import { buttonVariants } from "@/components/ui/button";
import { NotFoundError } from "@/lib/api/errors";
import { requirePageUser } from "@/lib/auth/session";
import { getIdea } from "@/lib/ideas";
import { ideaIdOrNull } from "@/lib/ideas/id";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Preview as recipient" };

/** The owner's idea with its content, null when it is unknown or another creator's. */
async function loadIdea(ownerId: string, id: number) {
  try {
    return await getIdea(ownerId, id);
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

/** /share/{id}/preview: what a recipient reads, for the idea's owner only (another creator gets 'Idea not found'). */
export default async function SharePreviewPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const ideaId = ideaIdOrNull((await params).id);
  const idea = ideaId === null ? null : await loadIdea(user.id, ideaId);
  if (!idea) notFound();

  return (
    <SharePageFrame>
      <div className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="min-w-0 text-xl font-semibold break-words sm:text-2xl">Preview as recipient: {idea.title.trim() || "Untitled Idea"}</h2>
          <Link href={`/share/${idea.id}`} className={buttonVariants({ variant: "outline", className: "h-11 sm:h-9" })}>
            <ArrowLeft aria-hidden="true" />
            Back to sharing
          </Link>
        </div>
        <p className="text-sm text-muted-foreground">Recipients see these pages with their name, e-mail and access time burned in.</p>
        <OwnerPreview ideaId={idea.id} content={idea.content} />
      </div>
    </SharePageFrame>
  );
}
