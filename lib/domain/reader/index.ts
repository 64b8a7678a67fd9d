/**
 * The secure reader's page images: PDF pages drawn on the server with pdf.js, kept per file, page and
 * width, and served to recipients with their identity burned in.
 */
export { UnreadablePdfError } from "@/lib/domain/reader/pdfjs";
export { clampPageWidth, pdfPageList, renderPdfPage, DEFAULT_PAGE_WIDTH, MAX_PAGE_WIDTH, MIN_PAGE_WIDTH, type PageList, type PageSize } from "@/lib/domain/reader/render";
export { markPageImage, type RawImage } from "@/lib/domain/reader/mark";
export { isPageKept, keepReaderPageList, markedReaderPage, PAGE_WIDTH_BUCKETS, pageWidthBucket, PRERENDER_WIDTHS, readerPage, readerPageList, readerPagesFolder } from "@/lib/domain/reader/cache";
