"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { Info } from "lucide-react";

import { EditorActions } from "@/components/editor/editor-actions";
import { PdfDocument } from "@/components/editor/pdf-document";
import { SaveStatus } from "@/components/editor/save-status";
import { UnsavedChangesGuard } from "@/components/editor/unsaved-changes-guard";
import { useIdeaEditor } from "@/components/editor/use-idea-editor";
import type { Idea } from "@/lib/client/types";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { TimestampPanel } from "@/components/timestamps/timestamp-panel";
import { VersionsPanel } from "@/components/versions/versions-panel";

const RichTextEditor = dynamic(() => import("@/components/editor/rich-text-editor"), {
  ssr: false,
  loading: () => <Skeleton className="h-96 w-full rounded-lg" />,
});

export const PUBLISHED_NOTICE =
  "This idea has been published and is now read-only. Published ideas cannot be edited.";

const TITLE_ERROR_ID = "idea-title-error";

/** The editor screen below the top bar, for the idea the server page loaded (null: /editor/new). */
export function EditorPageClient({ initialIdea }: { initialIdea: Idea | null }) {
  const {
    idea, pdf, published, isNew, title, setTitle, titleError, titleInput, html, setContent, setInitialContent,
    dirty, canSave, pending, save, canPublish, publish,
  } = useIdeaEditor(initialIdea);
  const savedId = idea?.id ?? null;

  // Ctrl/Cmd+S saves instead of opening the browser's "Save page" dialog.
  const saveRef = React.useRef(save);
  const canSaveRef = React.useRef(canSave);
  React.useEffect(() => {
    saveRef.current = save;
    canSaveRef.current = canSave;
  });
  React.useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "s" || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      if (canSaveRef.current) void saveRef.current();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <div className="flex flex-col gap-4">
      <UnsavedChangesGuard dirty={dirty} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        {pdf ? (
          <h1 className="min-w-0 text-xl font-semibold break-words sm:text-2xl">
            PDF Document: {title || "Untitled Idea"}
          </h1>
        ) : (
          <div className="flex min-w-0 flex-1 flex-col gap-1 sm:max-w-xl">
            <h1 className="sr-only">{savedId === null ? "New idea" : "Edit idea"}</h1>
            <Input
              ref={titleInput}
              aria-label="Idea title"
              placeholder="Enter your idea title..."
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              disabled={published}
              maxLength={200}
              aria-invalid={titleError ? true : undefined}
              aria-describedby={titleError ? TITLE_ERROR_ID : undefined}
              className="h-11 text-lg font-semibold md:text-lg"
            />
            {titleError ? (
              <p id={TITLE_ERROR_ID} className="text-destructive text-sm">
                {titleError}
              </p>
            ) : null}
            {published ? null : <SaveStatus isNew={isNew} dirty={dirty} />}
          </div>
        )}
        <EditorActions
          ideaId={savedId}
          published={published}
          pending={pending}
          canSave={canSave}
          onSave={save}
          canPublish={canPublish}
          onPublish={publish}
        />
      </div>

      {published ? (
        <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {PUBLISHED_NOTICE}
        </p>
      ) : null}

      {published && savedId !== null ? <TimestampPanel ideaId={savedId} /> : null}
      {/* Versions (issue 18 §1): each publication with its proof, 'New version', and the evidence pack of them all. */}
      {published && savedId !== null ? <VersionsPanel ideaId={savedId} /> : null}

      {pdf ? (
        <PdfDocument pdf={pdf} />
      ) : (
        <RichTextEditor
          content={html}
          editable={!published}
          onChange={setContent}
          onReady={setInitialContent}
          ideaId={savedId ?? undefined}
          followTitle={isNew ? title : undefined}
        />
      )}
    </div>
  );
}
