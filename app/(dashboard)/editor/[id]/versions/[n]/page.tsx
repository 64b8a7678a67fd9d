import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeft } from "lucide-react";

import { VersionEditorClient } from "@/components/versions/version-editor-client";
import { Logo } from "@/components/layout/logo";
import { Button } from "@/components/ui/button";
import { NotFoundError } from "@/lib/api/errors";
import { requirePageUser } from "@/lib/auth/session";
import type { IdeaVersionDetail } from "@/lib/client/types";
import { ideaIdOrNull } from "@/lib/ideas/id";
import { getVersion, parseVersionNumber } from "@/lib/ideas/versions";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Version" };

/** One version of the owner's idea as GET /api/ideas/{id}/versions/{n} answers it; anyone else's is a 404. */
async function loadVersion(ownerId: string, id: number, n: string): Promise<IdeaVersionDetail> {
  try {
    return JSON.parse(JSON.stringify(await getVersion(ownerId, id, parseVersionNumber(n)))) as IdeaVersionDetail;
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
    <>
      <header className="bg-background/95 sticky top-0 z-30 border-b backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-5xl items-center justify-between gap-2 px-4 sm:px-6">
          <Button asChild variant="ghost" size="sm" className="-ml-2">
            <Link href={`/editor/${ideaId}`}>
              <ArrowLeft aria-hidden="true" />
              Back to the idea
            </Link>
          </Button>
          <Logo href="/dashboard" />
        </div>
      </header>
      <main id="main-content" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        <VersionEditorClient key={`${ideaId}-${n}`} initialVersion={version} />
      </main>
    </>
  );
}
