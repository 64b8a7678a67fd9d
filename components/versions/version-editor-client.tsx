"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/client/toast";
import Link from "next/link";
import { Eye, Info, Trash2, Upload } from "lucide-react";

import { asPdfContent, editorHtmlFor } from "@/components/editor/idea-api";
import { RichTextBody } from "@/components/editor/rich-text-body";
import { TimestampStatus } from "@/components/timestamps/timestamp-status";
import { Button, buttonVariants } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { Input } from "@/components/ui/input";
import { versionsKey } from "@/components/versions/versions-key";
import { queryKeys } from "@/client/query-client";
import { apiRequest, withLimitMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { IdeaVersionDetail } from "@/client/types";
import { cn } from "@/client/utils";


// Only a PDF version shows it: not part of an HTML version's first load.
const PdfDocument = dynamic(() => import("@/components/editor/pdf-document").then((m) => m.PdfDocument));

export const VERSION_READ_ONLY_NOTICE = "This version has been published and is read-only.";

type Pending = "save" | "publish" | "delete" | "upload" | null;

/**
 * One version of a published idea: a published one is shown read-only; the open draft is edited here, saved with
 * PUT /api/ideas/{id}/versions/{n} and published with the idea's publish call (a PDF draft first takes its new file).
 */
export function VersionEditorClient({ initialVersion }: { initialVersion: IdeaVersionDetail }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [version, setVersion] = React.useState(initialVersion);
  const [title, setTitle] = React.useState(initialVersion.title);
  const [html, setHtml] = React.useState(() => editorHtmlFor(initialVersion.content, ""));
  const [saved, setSaved] = React.useState({ title: initialVersion.title, html });
  const [pending, setPending] = React.useState<Pending>(null);
  const fileInput = React.useRef<HTMLInputElement>(null);
  const { ideaId, version: n } = version;
  const versionUrl = `/api/ideas/${ideaId}/versions/${n}`;
  const saveVersion = useApiMutation((body: { title: string; content: string | undefined }) => apiRequest<IdeaVersionDetail>("PUT", versionUrl, body));
  const publishVersion = useApiMutation(() => apiRequest<unknown>("PUT", `/api/ideas/${ideaId}/publish`));
  const deleteVersion = useApiMutation(() => apiRequest<unknown>("DELETE", versionUrl));
  const uploadPdf = useApiMutation((form: FormData) => apiRequest<IdeaVersionDetail>("PUT", `${versionUrl}/pdf`, form));
  const draft = version.status === "draft";
  const pdf = asPdfContent(version.content);
  const dirty = draft && !pdf && (title !== saved.title || html !== saved.html);

  const run = async <T,>(what: Exclude<Pending, null>, failure: string, call: () => Promise<T>): Promise<T | null> => {
    setPending(what);
    try {
      return await call();
    } catch (err) {
      toast.error("Error", { description: withLimitMessage(failure, err) });
      return null;
    } finally {
      setPending(null);
    }
  };

  /** True once saved. */
  const save = async () => {
    const trimmed = title.trim();
    if (!trimmed) {
      toast.error("Error", { description: "Please enter a title for your idea" });
      return false;
    }
    const updated = await run("save", "Failed to update idea", () => saveVersion.mutateAsync({ title: trimmed, content: pdf ? undefined : html }));
    if (!updated) return false;
    setVersion(updated);
    setSaved({ title: updated.title, html });
    setTitle(updated.title);
    toast.success("Idea updated successfully");
    return true;
  };

  // This draft as a recipient will read it once published, before that irreversible step. The preview
  // shows what is saved: unsaved changes are saved first.
  const previewHref = `/share/${ideaId}/preview?version=${n}&from=editor`;
  const openPreview = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (!dirty) return;
    event.preventDefault();
    if (await save()) router.push(previewHref);
  };

  const publish = async () => {
    if (dirty) return void toast.info("Please save your idea first before publishing");
    const done = await run("publish", "Failed to publish idea", () => publishVersion.mutateAsync());
    if (done === null) return;
    toast.success(`Version ${n} published successfully`);
    void queryClient.invalidateQueries({ queryKey: versionsKey(ideaId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.ideas });
    void queryClient.invalidateQueries({ queryKey: queryKeys.idea(ideaId) });
    router.push(`/editor/${ideaId}`);
    router.refresh();
  };

  const remove = async () => {
    const done = await run("delete", "Failed to delete the draft version", () => deleteVersion.mutateAsync());
    if (done === null) return;
    toast.success(`Draft version ${n} deleted`);
    void queryClient.invalidateQueries({ queryKey: versionsKey(ideaId) });
    router.push(`/editor/${ideaId}`);
  };

  const upload = async (file: File) => {
    const form = new FormData();
    form.append("file", file);
    const updated = await run("upload", "Failed to upload the PDF", () => uploadPdf.mutateAsync(form));
    if (updated) setVersion(updated);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-1 flex-col gap-1 sm:max-w-xl">
          <h1 className="text-muted-foreground text-sm font-medium">
            Version {n} · {draft ? "Draft" : <>published <LocalTime value={version.publishedAt} /></>}
          </h1>
          <Input
            aria-label="Idea title"
            placeholder="Enter your idea title..."
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            disabled={!draft}
            maxLength={200}
            className="h-11 text-lg font-semibold md:text-lg"
          />
        </div>
        {draft ? (
          <div className="flex flex-wrap gap-2">
            {pdf ? null : (
              <Button type="button" variant="outline" onClick={() => void save()} disabled={!!pending || !dirty}>
                Save Changes
              </Button>
            )}
            <Button type="button" onClick={() => void publish()} disabled={!!pending || version.pdfUploadRequired}>
              Publish
            </Button>
            <Link
              href={previewHref}
              onClick={(event) => void openPreview(event)}
              aria-disabled={!!pending || version.pdfUploadRequired || undefined}
              className={buttonVariants({ variant: "ghost", className: cn((pending || version.pdfUploadRequired) && "pointer-events-none opacity-50") })}
            >
              <Eye aria-hidden="true" />
              Preview as recipient
            </Link>
            <Button type="button" variant="ghost" onClick={() => void remove()} disabled={!!pending} aria-label="Delete draft version">
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </div>

      {draft ? null : (
        <>
          <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {VERSION_READ_ONLY_NOTICE}
          </p>
          {version.timestamp ? <TimestampStatus timestamp={version.timestamp} /> : null}
          {version.contentSha256 ? <p className="text-muted-foreground font-mono text-xs break-all">SHA-256 {version.contentSha256}</p> : null}
        </>
      )}

      {draft && version.kind === "pdf" ? (
        <div className="flex flex-wrap items-center gap-2 rounded-lg border p-3 text-sm">
          <span>{version.pdfUploadRequired ? "Upload the PDF of this version before publishing it." : "The PDF of this version is uploaded."}</span>
          <input ref={fileInput} type="file" accept="application/pdf" className="sr-only" aria-label="PDF of this version" onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
          <Button type="button" size="sm" variant="outline" onClick={() => fileInput.current?.click()} disabled={!!pending}>
            <Upload aria-hidden="true" />
            Upload PDF
          </Button>
        </div>
      ) : null}

      {pdf ? (
        version.pdfUploadRequired ? null : <PdfDocument pdf={pdf} />
      ) : (
        <RichTextBody content={html} editable={draft} onChange={setHtml} onReady={(value) => { setHtml(value); setSaved((s) => ({ ...s, html: value })); }} ideaId={ideaId} />
      )}
    </div>
  );
}
