/** Client calls of the editor screen (SPEC §7), through the shared request helper. The server page loads the idea; GET /api/ideas/{id} refreshes it after a save (use-idea-editor). */
import { apiRequest } from "@/client/request";
import type { Idea, PdfContent } from "@/client/types";

/** A PDF idea's content as the editor shows it; pdfPath is null when the stored path is not a safe URL. */
export type PdfView = Omit<PdfContent, "pdfPath"> & { pdfPath: string | null };

export function createIdea(title: string, content: string) {
  return apiRequest<Idea>("POST", "/api/ideas", { title, content });
}

/** Browsers finish a keepalive request after the page is gone, for bodies up to 64 KiB (all of them together). */
const KEEPALIVE_MAX_BYTES = 60 * 1024;

/**
 * `leaving`: the page is being hidden or closed; the save is sent as a keepalive request when it is small enough, so
 * closing the tab does not cancel it.
 */
export function updateIdea(id: number, title: string, content: unknown, { leaving = false }: { leaving?: boolean } = {}) {
  const body = { title, content };
  const keepalive = leaving && new Blob([JSON.stringify(body)]).size <= KEEPALIVE_MAX_BYTES;
  return apiRequest<Idea>("PUT", `/api/ideas/${id}`, body, keepalive ? { keepalive: true } : {});
}

export function publishIdea(id: number) {
  return apiRequest<Idea>("PUT", `/api/ideas/${id}/publish`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A same-origin path or an http(s) URL; anything else (javascript:, data:) is refused. */
function safeFileUrl(path: string): string | null {
  if (path.startsWith("/") && !path.startsWith("//")) return path;
  return /^https?:\/\//i.test(path) ? path : null;
}

export function asPdfContent(content: unknown): PdfView | null {
  if (!isRecord(content) || content.type !== "pdf") return null;
  const pdfPath = typeof content.pdfPath === "string" ? safeFileUrl(content.pdfPath) : null;
  const fileName = typeof content.fileName === "string" ? content.fileName : "document.pdf";
  return { type: "pdf", fileName, pdfPath };
}

export const IMPORTED_CONTENT_PLACEHOLDER = "<p>Content imported from previous format</p>";

/** What the editor shows for a stored idea's content (spec §3). */
export function editorHtmlFor(content: unknown, fallback: string): string {
  if (typeof content === "string") return content;
  if (content === null || content === undefined) return fallback;
  return IMPORTED_CONTENT_PLACEHOLDER;
}
