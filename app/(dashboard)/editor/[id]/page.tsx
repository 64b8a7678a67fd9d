import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeft } from "lucide-react";

import { EditorPageClient } from "@/components/editor/editor-page-client";
import { Logo } from "@/components/layout/logo";
import { Button } from "@/components/ui/button";
import { NotFoundError } from "@/lib/api/errors";
import { requirePageUser } from "@/lib/auth/session";
import type { Idea } from "@/lib/client/types";
import { getIdea } from "@/lib/ideas";
import { ideaIdOrNull } from "@/lib/ideas/id";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Editor" };

/** The owner's idea exactly as GET /api/ideas/{id} answers it (dates as ISO strings); another creator's is a 404. */
async function loadIdea(ownerId: string, id: number): Promise<Idea> {
  try {
    return JSON.parse(JSON.stringify(await getIdea(ownerId, id))) as Idea;
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
    <>
      <header className="bg-background/95 sticky top-0 z-30 border-b backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-5xl items-center justify-between gap-2 px-4 sm:px-6">
          <Button asChild variant="ghost" size="sm" className="-ml-2">
            <Link href="/dashboard">
              <ArrowLeft aria-hidden="true" />
              Back to Dashboard
            </Link>
          </Button>
          <Logo href="/dashboard" />
        </div>
      </header>
      <main id="main-content" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        {/* Keyed by id: a new idea's editor state does not carry over to the idea it became. */}
        <EditorPageClient key={id} initialIdea={idea} />
      </main>
    </>
  );
}
