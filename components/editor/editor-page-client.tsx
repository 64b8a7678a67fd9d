"use client";

import type { ReactNode } from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { Info } from "lucide-react";

import { EditorActions } from "@/components/editor/editor-actions";
import { PdfDocument } from "@/components/editor/pdf-document";
import { useIdeaEditor } from "@/components/editor/use-idea-editor";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { TimestampPanel } from "@/components/timestamps/timestamp-panel";

const RichTextEditor = dynamic(() => import("@/components/editor/rich-text-editor"), {
  ssr: false,
  loading: () => <Skeleton className="h-96 w-full rounded-lg" />,
});

export const PUBLISHED_NOTICE =
  "This idea has been published and is now read-only. Published ideas cannot be edited.";

function CenteredMessage({ children }: { children: ReactNode }) {
  return <div className="flex flex-col items-center gap-4 py-16 text-center">{children}</div>;
}

/** The editor screen below the top bar. `ideaId` null means /editor/new. */
export function EditorPageClient({ ideaId }: { ideaId: number | null }) {
  const editor = useIdeaEditor(ideaId);
  const { loadState, idea, pdf, published } = editor;

  if (loadState === "loading") {
    return (
      <CenteredMessage>
        <Spinner iconClassName="size-6" label="Loading idea..." />
        <p className="text-muted-foreground">Loading idea...</p>
      </CenteredMessage>
    );
  }

  if (loadState === "not-found" || loadState === "error") {
    const notFound = loadState === "not-found";
    return (
      <CenteredMessage>
        <h1 className="text-xl font-semibold">{notFound ? "Idea not found" : "Could not load this idea"}</h1>
        <div className="flex flex-wrap justify-center gap-2">
          {notFound ? null : (
            <Button type="button" variant="outline" onClick={editor.retry}>
              Try again
            </Button>
          )}
          <Button asChild>
            <Link href="/dashboard">Back to Dashboard</Link>
          </Button>
        </div>
      </CenteredMessage>
    );
  }

  const savedId = idea?.id ?? null;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {pdf ? (
          <h1 className="min-w-0 text-xl font-semibold break-words sm:text-2xl">
            PDF Document: {editor.title || "Untitled Idea"}
          </h1>
        ) : (
          <>
            <h1 className="sr-only">{savedId === null ? "New idea" : "Edit idea"}</h1>
            <Input
              aria-label="Idea title"
              placeholder="Enter your idea title..."
              value={editor.title}
              onChange={(event) => editor.setTitle(event.target.value)}
              disabled={published}
              maxLength={200}
              className="h-11 text-lg font-semibold sm:max-w-xl md:text-lg"
            />
          </>
        )}
        <EditorActions
          ideaId={savedId}
          published={published}
          pending={editor.pending}
          onSave={editor.save}
          onPublish={editor.publish}
        />
      </div>

      {published ? (
        <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {PUBLISHED_NOTICE}
        </p>
      ) : null}

      {published && savedId !== null ? <TimestampPanel ideaId={savedId} /> : null}

      {pdf ? (
        <PdfDocument pdf={pdf} />
      ) : (
        <RichTextEditor
          content={editor.html}
          editable={!published}
          onChange={editor.setContent}
          ideaId={savedId ?? undefined}
        />
      )}
    </div>
  );
}
