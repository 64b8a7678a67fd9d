import "server-only";
import * as canvas from "@napi-rs/canvas";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { NotFoundError } from "@/lib/platform/http/errors";
import { openPdf } from "@/lib/domain/reader/pdfjs";
import { encodeWebp } from "@/lib/domain/reader/webp";

/** A page's size in PDF points (1/72 inch) as it is displayed: its /Rotate applied, so a rotated page is wide. */
export type PageSize = { n: number; width: number; height: number };
export type PageList = { pageCount: number; pages: PageSize[] };

export const MIN_PAGE_WIDTH = 320;
export const MAX_PAGE_WIDTH = 2000;
export const DEFAULT_PAGE_WIDTH = 1200;
/**
 * A page image is at most this tall, whatever the page's shape: a strip-shaped page (10 × 5000 pt) at 2000 px wide
 * would otherwise ask for a 10⁶-pixel-tall canvas. Such a page is drawn narrower instead.
 */
export const MAX_PAGE_HEIGHT = 6000;

/** The width a page is drawn at: a requested width clamped to 320–2000 px; missing or not a number → 1200. */
export function clampPageWidth(width?: number | null): number {
  if (width == null || !Number.isFinite(width)) return DEFAULT_PAGE_WIDTH;
  return Math.min(MAX_PAGE_WIDTH, Math.max(MIN_PAGE_WIDTH, Math.round(width)));
}

const round2 = (v: number) => Math.round(v * 100) / 100;

export async function documentPageList(doc: PDFDocumentProxy): Promise<PageList> {
  const pages: PageSize[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const { width, height } = page.getViewport({ scale: 1 });
    pages.push({ n, width: round2(width), height: round2(height) });
  }
  return { pageCount: doc.numPages, pages };
}

/** Pixel size of page `n` drawn `width` px wide (clamped), its height following the page's aspect ratio. */
function pixelSize(page: PageSize, width: number) {
  let w = clampPageWidth(width);
  let h = Math.max(1, Math.round((w * page.height) / page.width));
  if (h > MAX_PAGE_HEIGHT) {
    w = Math.max(1, Math.round((w * MAX_PAGE_HEIGHT) / h));
    h = MAX_PAGE_HEIGHT;
  }
  return { w, h };
}

/** A page of an open document drawn on a white canvas `width` px wide (clamped). Page `n` counts from 1. */
export async function drawDocumentPage(doc: PDFDocumentProxy, n: number, width: number): Promise<canvas.Canvas> {
  if (!Number.isInteger(n) || n < 1 || n > doc.numPages) throw new NotFoundError("Page not found");
  const page = await doc.getPage(n);
  try {
    const unit = page.getViewport({ scale: 1 });
    const { w, h } = pixelSize({ n, width: unit.width, height: unit.height }, width);
    const viewport = page.getViewport({ scale: w / unit.width });
    const target = canvas.createCanvas(w, h);
    const context = target.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, w, h);
    await page.render({
      canvas: target as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
      annotationMode: 1, // AnnotationMode.ENABLE: annotation appearances are drawn, no form widgets are filled in
    }).promise;
    return target;
  } finally {
    page.cleanup();
  }
}

/** `{pageCount, pages: [{n, width, height}]}`: n from 1, sizes in PDF points with each page's rotation applied. */
export async function pdfPageList(bytes: Uint8Array): Promise<PageList> {
  const doc = await openPdf(bytes);
  try {
    return await documentPageList(doc);
  } finally {
    await doc.destroy();
  }
}

/**
 * Page `n` (from 1) of a PDF as a WebP image `width` px wide (clamped to 320–2000, default 1200), unmarked. A page
 * past the end → NotFoundError (404); a file pdf.js cannot read → UnreadablePdfError (422).
 */
export async function renderPdfPage(bytes: Uint8Array, n: number, width: number = DEFAULT_PAGE_WIDTH): Promise<Buffer> {
  const doc = await openPdf(bytes);
  try {
    return await encodeWebp(await drawDocumentPage(doc, n, width));
  } finally {
    await doc.destroy();
  }
}
