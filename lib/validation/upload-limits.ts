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
