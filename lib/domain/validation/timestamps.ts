/** Upload limits of /verify (the page checks them before sending, POST /api/verify enforces them). */
export const VERIFY_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const VERIFY_OTS_MAX_BYTES = 100 * 1024;
export const VERIFY_TOO_LARGE = "The file may be at most 20 MB and the proof at most 100 KB.";
