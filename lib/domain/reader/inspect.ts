import "server-only";
import { HttpError, ValidationError } from "@/lib/platform/http/errors";
import { openPdf, UnreadablePdfError } from "@/lib/domain/reader/pdfjs";
import type { PageList } from "@/lib/domain/reader/render";
import type { PdfLimits, UploadRules } from "@/lib/domain/reader/render-protocol";
import { PDF_BROKEN_PAGE_TREE, PDF_ENCRYPTED, pdfPageTooLarge, pdfTooManyPages } from "@/lib/domain/validation/upload-limits";

/** A PDF refused at upload: 422 with the reason, before anything is stored. */
export class PdfRefusedError extends HttpError {
  override name = "PdfRefusedError";
  constructor(message: string) {
    super(422, message);
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Runs in a render process (lib/domain/reader/render-worker.ts): opens an uploaded PDF with pdf.js and walks its whole
 * page tree, so a file that could not be shown page by page is refused at once, with the reason: one pdf.js cannot
 * open, one with more than `maxPages` pages, a page larger than `maxPageInches` square, a page tree that loops or
 * nests deeper than pdf.js's stack. Encryption is checked here too (pdf-lib's parse of a hostile file is no safer
 * than pdf.js's). Returns the page list, which the server keeps for the reader.
 */
export async function inspectPdf(bytes: Uint8Array, rules: UploadRules, limits: PdfLimits): Promise<PageList> {
  const { isEncryptedPdf } = await import("@/lib/domain/files/watermark");
  if (await isEncryptedPdf(bytes)) throw new ValidationError(PDF_ENCRYPTED);
  let doc;
  try {
    doc = await openPdf(bytes, limits);
  } catch (err) {
    if (err instanceof UnreadablePdfError) throw new PdfRefusedError(err.message);
    throw err;
  }
  try {
    if (doc.numPages > rules.maxPages) throw new PdfRefusedError(pdfTooManyPages(doc.numPages, rules.maxPages));
    const maxPoints = rules.maxPageInches * 72;
    const pages: PageList["pages"] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      let size: { width: number; height: number };
      try {
        const page = await doc.getPage(n);
        size = page.getViewport({ scale: 1 });
        page.cleanup();
      } catch {
        // A cycle ("circular reference"), a dangling or wrong-typed node, or a nesting that overflows the stack.
        throw new PdfRefusedError(PDF_BROKEN_PAGE_TREE);
      }
      if (!(size.width > 0 && size.height > 0) || size.width > maxPoints || size.height > maxPoints) {
        throw new PdfRefusedError(pdfPageTooLarge(n, rules.maxPageInches));
      }
      pages.push({ n, width: round2(size.width), height: round2(size.height) });
    }
    return { pageCount: doc.numPages, pages };
  } finally {
    await doc.destroy();
  }
}
