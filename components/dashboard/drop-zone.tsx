"use client";

import { useId, useRef, useState, type DragEvent } from "react";
import { IntentLink } from "@/components/ui/intent-link";
import { FilePlus2, Loader2Icon, Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/client/utils";
import { usePdfUpload } from "@/components/dashboard/use-pdf-upload";

function hasFiles(event: DragEvent<HTMLElement>) {
  return Array.from(event.dataTransfer.types).includes("Files");
}

/** '+ File an Idea': start a draft, pick a PDF, or drop one here. */
export function DropZone({ onUploaded }: { onUploaded?: () => void | Promise<void> }) {
  const { upload, uploading, progress } = usePdfUpload({ onUploaded });
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const hintId = useId();

  const onDragEnter = (event: DragEvent<HTMLElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = uploading ? "none" : "copy";
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    if (!uploading) void upload(event.dataTransfer.files);
  };

  return (
    <section
      aria-labelledby={headingId}
      aria-describedby={hintId}
      aria-busy={uploading}
      data-dragging={dragging || undefined}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={cn(
        "flex min-h-48 flex-col items-center justify-center gap-4 rounded-xl border-2 border-dashed p-6 text-center transition-colors sm:p-8",
        dragging ? "border-brand bg-brand/10 ring-brand/30 ring-4" : "border-muted-foreground/30 bg-muted/30",
      )}
    >
      {uploading ? (
        <div className="flex w-full max-w-sm flex-col items-center gap-3">
          <Loader2Icon aria-hidden="true" className="text-brand size-8 animate-spin" />
          <div role="status" aria-live="polite">
            <h2 id={headingId} className="text-lg font-semibold">
              Uploading PDF...
            </h2>
            <p id={hintId} className="text-muted-foreground text-sm">
              Please wait while we process your file
            </p>
          </div>
          <div className="flex w-full items-center gap-3">
            <Progress value={progress} aria-label="Upload progress" className="flex-1" />
            <span className="w-10 text-right text-sm font-medium tabular-nums">{progress}%</span>
          </div>
        </div>
      ) : (
        <>
          <FilePlus2 aria-hidden="true" className="text-brand size-8" />
          <div>
            <h2 id={headingId} className="text-lg font-semibold sm:text-xl">
              + File an Idea
            </h2>
            <p id={hintId} className="text-muted-foreground mt-1 text-sm">
              Start drafting a new idea or drop a PDF file
            </p>
          </div>
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <Button asChild>
              <IntentLink href="/editor/new">Start from scratch</IntentLink>
            </Button>
            <Button type="button" variant="outline" onClick={() => inputRef.current?.click()}>
              <Upload aria-hidden="true" />
              Upload PDF
            </Button>
          </div>
        </>
      )}
      <input
        ref={inputRef}
        type="file"
        accept=".pdf,application/pdf"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          void upload(event.currentTarget.files);
          event.currentTarget.value = "";
        }}
      />
    </section>
  );
}
