import type * as React from "react";
import { ExternalLink, FileText } from "lucide-react";

import { buttonVariants } from "@/components/ui/button";
import { CanvasView } from "@/components/recipient/canvas-view";
import { WatermarkFrame } from "@/components/recipient/watermark";
import styles from "@/components/editor/rich-text.module.css";
import type { IdeaContent, PdfContent } from "@/lib/client/types";

export type ContentForm =
  | { kind: "html"; html: string }
  | { kind: "pdf"; pdf: PdfContent }
  | { kind: "canvas"; elements: unknown[] }
  | { kind: "other"; value: unknown };

/** SPEC §3: an HTML string, a PDF reference, a list of canvas elements, or anything else (shown as JSON). */
export function contentForm(content: IdeaContent | undefined): ContentForm {
  if (typeof content === "string") return { kind: "html", html: content };
  if (content && typeof content === "object" && !Array.isArray(content)) {
    const c = content as Record<string, unknown>;
    if (c.type === "pdf" && typeof c.pdfPath === "string") {
      return { kind: "pdf", pdf: { type: "pdf", pdfPath: c.pdfPath, fileName: typeof c.fileName === "string" ? c.fileName : "document.pdf" } };
    }
    if (Array.isArray(c.elements)) return { kind: "canvas", elements: c.elements };
  }
  return { kind: "other", value: content ?? null };
}

/**
 * `watermark`: the recipient's identity line from the server, drawn over HTML, JSON and canvas content. A PDF carries
 * it burned into its pages by the server (lib/files/watermark.ts), which covers 'Open in New Tab' and downloads too.
 */
function withWatermark(text: string | undefined, slot: string, content: React.ReactNode) {
  return text ? (
    <WatermarkFrame text={text} slot={slot}>
      {content}
    </WatermarkFrame>
  ) : (
    content
  );
}

/**
 * Embedded players need an accessible name (WCAG 4.1.2, axe frame-title); ideas stored before the editor named
 * them have none. The HTML is the server's sanitized output, so the tag is always written `<iframe `.
 */
function nameFrames(html: string): string {
  return html.replace(/<iframe\b(?![^>]*\stitle=)/g, '<iframe title="YouTube video player"');
}

export function DocumentContent({ form, title, watermark }: { form: ContentForm; title: string; watermark?: string }) {
  switch (form.kind) {
    case "pdf":
      return (
        <section aria-label="PDF document" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
              <FileText aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">{form.pdf.fileName}</span>
            </p>
            <a
              href={form.pdf.pdfPath}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: "outline", className: "h-11 sm:h-9" })}
            >
              <ExternalLink aria-hidden="true" />
              Open in New Tab
            </a>
          </div>
          <iframe
            title={`${title} (PDF)`}
            src={form.pdf.pdfPath}
            className="h-[70vh] min-h-80 w-full rounded-lg border bg-muted"
          />
        </section>
      );
    case "canvas":
      return <CanvasView elements={form.elements} watermark={watermark} />;
    case "html":
      // Sanitized by the server when it was stored (lib/ideas/sanitize.ts); images point at the gated file route.
      return withWatermark(
        watermark,
        "html-document-frame",
        <div
          data-slot="html-document"
          className={`${styles.content} rounded-lg border bg-background`}
          dangerouslySetInnerHTML={{ __html: nameFrames(form.html) }}
        />,
      );
    default:
      return withWatermark(
        watermark,
        "json-document-frame",
        <pre data-slot="json-document" className="overflow-x-auto rounded-lg border bg-background p-4 text-sm">
          {JSON.stringify(form.value, null, 2)}
        </pre>,
      );
  }
}
