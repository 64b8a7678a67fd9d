/** Upload limits of /verify (the page checks them before sending, POST /api/verify enforces them). */
export const VERIFY_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const VERIFY_OTS_MAX_BYTES = 100 * 1024;
/** An RFC 3161 token with its certificates is a few KB (lib/domain/timestamps/rfc3161/token.ts reads at most 64 KB). */
export const VERIFY_TSR_MAX_BYTES = 64 * 1024;
export const VERIFY_TOO_LARGE = "The file may be at most 20 MB, the .ots proof at most 100 KB and the .tsr token at most 64 KB.";
