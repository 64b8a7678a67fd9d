import type { Watermark } from "@/lib/domain/files/watermark-text";
import type { PageList } from "@/lib/domain/reader/render";
import type { TraceHypothesis } from "@/lib/domain/reader/trace-detect";

/**
 * What the server and its render processes (lib/domain/reader/pool.ts, lib/domain/reader/render-worker.ts) say to each other.
 * Types only: the worker loads it without the server's modules.
 */

/** pdf.js options that bound one document's work (see lib/domain/reader/pdfjs.ts openPdf). */
export type PdfLimits = {
  /** Largest image pdf.js decodes, in pixels; a larger one is left out of the page. */
  maxImageSize: number;
  /** Largest canvas pdf.js makes for a pattern, mask or group, in bytes. */
  canvasMaxAreaInBytes: number;
};

/** What an uploaded PDF must meet before it is stored (lib/domain/reader/inspect.ts). */
export type UploadRules = { maxPages: number; maxPageInches: number };

/**
 * Defaults that bound one document's work: an image over 16 megapixels (a 4000 × 4000 scan) is left out of the page
 * rather than decoded (an 8000 × 8000 image is 256 MB of pixels), and no intermediate canvas exceeds 64 MB.
 */
export const DEFAULT_PDF_LIMITS: PdfLimits = { maxImageSize: 16_000_000, canvasMaxAreaInBytes: 64 * 1024 * 1024 };

type DocumentJob = { docKey: string; bytes?: Uint8Array; limits: PdfLimits };

export type RenderJob =
  | (DocumentJob & { kind: "list" })
  | (DocumentJob & { kind: "page"; n: number; width: number })
  | (DocumentJob & { kind: "inspect"; rules: UploadRules })
  | (DocumentJob & { kind: "mark-pdf"; watermark: Watermark })
  /** `bytes`: a leaked page image; `pages`: the unmarked pages it may come from (trace-detect.ts). */
  | (DocumentJob & { kind: "trace"; pages: Uint8Array[] });

export type RenderReply =
  | { ok: true; kind: "list"; list: PageList }
  | { ok: true; kind: "bytes"; data: Uint8Array }
  | { ok: true; kind: "trace"; hypotheses: TraceHypothesis[] }
  | { ok: false; needBytes: true }
  | { ok: false; error: { name: string; message: string; status?: number } };

export type WorkerMessage = { ready: true } | { id: number; reply: RenderReply };
