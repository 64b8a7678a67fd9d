/**
 * Upload limits and their messages (SPEC §5, §9), one source for the browser's early checks and the server's
 * refusals. No zod here: client components import it without pulling a schema library into their bundle.
 */
export const PDF_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Toast title + description in the browser; the server answers with both joined by ": ". */
export const PDF_INVALID_TYPE = { title: "Invalid File Type", description: "Only PDF files are supported at this time" } as const;
export const PDF_TOO_LARGE = { title: "File Too Large", description: "PDF files must be less than 10MB" } as const;
export const PDF_ENCRYPTED =
  "This PDF is password-protected or encrypted. Remove the protection and upload it again: every copy a recipient receives carries their name, which an encrypted file does not allow.";
export const IMAGE_TOO_LARGE = "Images must be less than 5MB";

export const asErrorMessage = (m: { title: string; description: string }) => `${m.title}: ${m.description}`;

/** Refusals of a PDF whose structure would make its pages too costly or impossible to draw (checked at upload). */
export const pdfTooManyPages = (pages: number, max: number) => `This PDF has ${pages} pages; at most ${max} can be shared.`;
export const pdfPageTooLarge = (n: number, maxInches: number) => `Page ${n} of this PDF is larger than ${maxInches} × ${maxInches} inches.`;
export const PDF_UNREADABLE = "This PDF cannot be displayed: the file is damaged or protected";
export const PDF_BROKEN_PAGE_TREE = "This PDF cannot be displayed: its list of pages is damaged (it loops or nests too deeply).";
export const PDF_TOO_COMPLEX = "This PDF is too complex to display. Simplify it (for example, print it to a new PDF) and upload it again.";
