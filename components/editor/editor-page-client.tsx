"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { Info } from "lucide-react";

import { EditorActions } from "@/components/editor/editor-actions";
import { RichTextBody } from "@/components/editor/rich-text-body";
import { SaveStatus } from "@/components/editor/save-status";
import { UnsavedChangesGuard } from "@/components/editor/unsaved-changes-guard";
import { useIdeaEditor } from "@/components/editor/use-idea-editor";
import type { Idea } from "@/client/types";
import { templateLinesLeft } from "@/lib/domain/ideas/default-template";
import { Input } from "@/components/ui/input";

// What only a published idea or a PDF idea shows is not part of a draft's first load. Rendered on the
// server like the rest of the page (no layout shift); the browser fetches each chunk only where it is shown.
const TimestampPanel = dynamic(() => import("@/components/timestamps/timestamp-panel").then((m) => m.TimestampPanel));
const VersionsPanel = dynamic(() => import("@/components/versions/versions-panel").then((m) => m.VersionsPanel));
const PdfDocument = dynamic(() => import("@/components/editor/pdf-document").then((m) => m.PdfDocument));
const PdfTitle = dynamic(() => import("@/components/editor/pdf-title").then((m) => m.PdfTitle));

export const PUBLISHED_NOTICE =
  "This idea has been published and is now read-only. Published ideas cannot be edited.";

const TITLE_ERROR_ID = "idea-title-error";

/** The editor screen below the top bar, for the idea the server page loaded (null: /editor/new). */
export function EditorPageClient({ initialIdea }: { initialIdea: Idea | null }) {
  const {
    idea, pdf, published, isNew, title, setTitle, titleError, titleInput, html, setContent, setInitialContent,
    dirty, canSave, pending, save, canPublish, publish, autosave, autosaveNow, saveTitle,
  } = useIdeaEditor(initialIdea);
  const savedId = idea?.id ?? null;
  // For the publish warning: template lines the creator has not filled in yet.
  const templateLines = React.useMemo(() => (published || pdf ? [] : templateLinesLeft(html)), [published, pdf, html]);

  /** Focus leaving the title or the text (not moving within it, e.g. to the toolbar) saves a draft at once. */
  const saveOnLeave = (event: React.FocusEvent) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    autosaveNow();
  };

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
    // Room at the bottom on phones, where the action bar covers the end of the page.
    <div className="flex flex-col gap-4 max-sm:pb-20">
      <UnsavedChangesGuard dirty={dirty} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        {pdf ? (
          <PdfTitle title={title} editable={!published} saving={pending === "title"} onSave={saveTitle} />
        ) : (
          <div className="flex min-w-0 flex-1 flex-col gap-1 sm:max-w-xl">
            <h1 className="sr-only">{savedId === null ? "New idea" : "Edit idea"}</h1>
            <Input
              ref={titleInput}
              aria-label="Idea title"
              placeholder="Enter your idea title..."
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              onBlur={saveOnLeave}
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
            {published ? null : <SaveStatus isNew={isNew} dirty={dirty} autosave={autosave} />}
          </div>
        )}
        {/* On phones the actions sit in a bar at the bottom of the screen, in reach wherever the text is scrolled. */}
        <div
          data-editor-actions
          className="max-sm:bg-background/95 max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-30 max-sm:border-t max-sm:px-4 max-sm:pt-3 max-sm:pb-[max(0.75rem,env(safe-area-inset-bottom))] max-sm:backdrop-blur"
        >
          <EditorActions
            ideaId={savedId}
            published={published}
            pending={pending === "title" ? "save" : pending}
            canSave={canSave}
            onSave={save}
            canPublish={canPublish}
            onPublish={publish}
            hideSave={pdf !== null}
            templateLines={templateLines}
          />
        </div>
      </div>

      {published ? (
        <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {PUBLISHED_NOTICE}
        </p>
      ) : null}

      {published && savedId !== null ? <TimestampPanel ideaId={savedId} /> : null}
      {/* Versions: each publication with its proof, 'New version', and the evidence pack of them all. */}
      {published && savedId !== null ? <VersionsPanel ideaId={savedId} /> : null}

      {pdf ? (
        <PdfDocument pdf={pdf} />
      ) : (
        <div onBlur={saveOnLeave}>
          <RichTextBody
            content={html}
            editable={!published}
            onChange={setContent}
            onReady={setInitialContent}
            ideaId={savedId ?? undefined}
            followTitle={isNew ? title : undefined}
          />
        </div>
      )}
    </div>
  );
}
