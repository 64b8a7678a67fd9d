import "server-only";
import path from "node:path";
import * as canvas from "@napi-rs/canvas";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { HttpError } from "@/lib/platform/http/errors";
import { DEFAULT_PDF_LIMITS, type PdfLimits } from "@/lib/domain/reader/render-protocol";
import { PDF_BROKEN_PAGE_TREE } from "@/lib/domain/validation/upload-limits";

/**
 * pdf.js on the server (TOOLCHAIN "Checked for the reader": pdfjs-dist 5.6.205, the last release that runs on Node
 * 20, with @napi-rs/canvas 1.1.1; package.json's override makes pdf.js load that same copy of the canvas). Both are
 * server-only (next.config.mjs serverExternalPackages): no PDF engine ever reaches a browser.
 */

/** A stored PDF pdf.js cannot open (damaged, password-protected): a clear answer instead of a 500. */
export class UnreadablePdfError extends HttpError {
  override name = "UnreadablePdfError";
  constructor(message = "This PDF cannot be displayed: the file is damaged or protected") {
    super(422, message);
  }
}

type Pdfjs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let loading: Promise<Pdfjs> | null = null;

/**
 * The library, loaded once. The canvas globals must exist before pdf.mjs is evaluated: otherwise it tries to
 * polyfill them itself (logging a warning each) and text drawing fails with "not a valid enum value of type
 * CanvasFillRule". The worker module is handed over as `globalThis.pdfjsWorker`, which pdf.js then runs in this
 * thread instead of loading a worker script from a URL.
 */
export function loadPdfjs(): Promise<Pdfjs> {
  if (!loading) {
    Object.assign(globalThis, { Path2D: canvas.Path2D, DOMMatrix: canvas.DOMMatrix, ImageData: canvas.ImageData });
    loading = (async () => {
      const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
      if (!("pdfjsWorker" in globalThis)) Object.assign(globalThis, { pdfjsWorker: await import("pdfjs-dist/legacy/build/pdf.worker.mjs") });
      return pdfjs;
    })();
    loading.catch(() => (loading = null));
  }
  return loading;
}

/**
 * pdf.js reads its data files (the 14 standard fonts, CMaps for CJK text, the JPEG 2000 / JBIG2 decoders, ICC
 * profiles) from these folders on disk: nothing is fetched from the network. next.config.mjs traces them into the
 * routes that render pages.
 */
function dataDir(sub: string) {
  return path.join(process.cwd(), "node_modules", "pdfjs-dist", sub) + path.sep;
}

/**
 * Opens a PDF. The bytes are copied (pdf.js takes ownership of the array it is given). pdf.js fetches nothing:
 * its data files are read from disk, fonts are drawn as paths (no FontFace), and no code is generated at run time.
 */
export async function openPdf(bytes: Uint8Array, limits: PdfLimits = DEFAULT_PDF_LIMITS): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: dataDir("standard_fonts"),
    cMapUrl: dataDir("cmaps"),
    cMapPacked: true,
    wasmUrl: dataDir("wasm"),
    iccUrl: dataDir("iccs"),
    useSystemFonts: false,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    maxImageSize: limits.maxImageSize,
    canvasMaxAreaInBytes: limits.canvasMaxAreaInBytes,
    disableFontFace: true,
    isEvalSupported: false,
    // Scripts, forms and XFA are never run or drawn as interactive content: the page image is all a reader gets.
    enableXfa: false,
    stopAtErrors: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    const name = (err as { name?: string } | null)?.name;
    // A page tree that loops or nests past the stack surfaces while the document opens, under pdf.js's own names.
    if (err instanceof RangeError || /circular reference|call stack/i.test(String((err as Error | null)?.message))) {
      throw new UnreadablePdfError(PDF_BROKEN_PAGE_TREE);
    }
    if (name === "InvalidPDFException" || name === "PasswordException" || name === "FormatError" || name === "UnknownErrorException") {
      throw new UnreadablePdfError();
    }
    throw err;
  }
}
