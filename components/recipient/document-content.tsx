"use client";

import * as React from "react";

import { Spinner } from "@/components/ui/spinner";
import dynamic from "next/dynamic";
import { SectionReader } from "@/components/recipient/section-reader";
import { WatermarkFrame } from "@/components/recipient/watermark";
import styles from "@/components/editor/rich-text.module.css";
import { htmlSections } from "@/lib/domain/ideas/sections";
import type { IdeaContent } from "@/client/types";
import type { EngagementTarget } from "@/components/recipient/use-reading-time";

export type ContentForm =
  | { kind: "html"; html: string }
  /** pdfPath: the marked PDF's URL, null on a link without downloads (the reader shows server page images either way). */
  | { kind: "pdf"; pdf: { fileName: string; pdfPath: string | null } }
  | { kind: "canvas"; elements: unknown[] }
  | { kind: "other"; value: unknown };

/** SPEC §3: an HTML string, a PDF reference, a list of canvas elements, or anything else (shown as JSON). */
export function contentForm(content: IdeaContent | undefined): ContentForm {
  if (typeof content === "string") return { kind: "html", html: content };
  if (content && typeof content === "object" && !Array.isArray(content)) {
    const c = content as Record<string, unknown>;
    if (c.type === "pdf" && (typeof c.pdfPath === "string" || c.pdfPath === null)) {
      return { kind: "pdf", pdf: { pdfPath: c.pdfPath, fileName: typeof c.fileName === "string" ? c.fileName : "document.pdf" } };
    }
    if (Array.isArray(c.elements)) return { kind: "canvas", elements: c.elements };
  }
  return { kind: "other", value: content ?? null };
}

/**
 * `watermark`: the recipient's identity line from the server, drawn over HTML, JSON and canvas content. PDF page
 * images carry it burned in by the server (lib/domain/reader/mark.ts), and so does a downloaded PDF (lib/domain/files/watermark.ts).
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

// The page reader loads only for PDF ideas (the recipient pages' JavaScript budget).
const PageReader = dynamic(() => import("@/components/recipient/page-reader").then((m) => m.PageReader), {
  ssr: false,
  loading: () => <Spinner label="Loading pages..." className="w-full py-10" />,
});

const CanvasView = dynamic(() => import("@/components/recipient/canvas-view").then((m) => m.CanvasView), { ssr: false });

export type ReaderSource = {
  /** /api/share/{token} for a recipient, /api/ideas/{id} for the owner's preview (page images and the page list). */
  base: string;
  /** Where reading time is reported (recipients only). */
  engagement: EngagementTarget | null;
  /** The link's screen shield (guards the page images; the blur and print notice wrap the whole content). */
  shield: boolean;
};

/** The idea in the reader: PDF page by page, HTML section by section, canvas and JSON as one section. */
export function DocumentContent({ form, watermark, source }: { form: ContentForm; watermark?: string; source: ReaderSource }) {
  switch (form.kind) {
    case "pdf":
      return <PageReader base={source.base} engagement={source.engagement} shield={source.shield} />;
    case "canvas":
      return (
        <SectionReader count={1} engagement={source.engagement}>
          {() => <CanvasView elements={form.elements} watermark={watermark} />}
        </SectionReader>
      );
    case "html":
      return <HtmlSections html={form.html} watermark={watermark} engagement={source.engagement} />;
    default:
      // Anything else, shown as JSON: one section, like a canvas (the server counts it as one: lib/domain/engagement/document.ts).
      return (
        <SectionReader count={1} engagement={source.engagement}>
          {() =>
            withWatermark(
              watermark,
              "json-document-frame",
              <pre data-slot="json-document" className="overflow-x-auto rounded-lg border bg-background p-4 text-sm">
                {JSON.stringify(form.value, null, 2)}
              </pre>,
            )
          }
        </SectionReader>
      );
  }
}

function HtmlSections({ html, watermark, engagement }: { html: string; watermark?: string; engagement: EngagementTarget | null }) {
  const sections = React.useMemo(() => {
    const named = nameFrames(html);
    return htmlSections(named).map((s) => named.slice(s.start, s.end));
  }, [html]);
  return (
    <SectionReader count={sections.length} engagement={engagement}>
      {(n) =>
        // Sanitized by the server when it was stored (lib/domain/ideas/sanitize.ts); images point at the gated file route.
        withWatermark(
          watermark,
          "html-document-frame",
          <div data-slot="html-document" className={`${styles.content} rounded-lg border bg-background`} dangerouslySetInnerHTML={{ __html: sections[n - 1] ?? "" }} />,
        )
      }
    </SectionReader>
  );
}
