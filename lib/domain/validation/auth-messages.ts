/**
 * Texts of lib/domain/validation/auth.ts that client screens show, in a module without zod: importing auth.ts from
 * /verify-email's client component put zod's core into that page (1.47× a blank page; its budget is ≤ 1.3×).
 */
export const VERIFY_LINK_INVALID = "This verification link is invalid or has expired.";

/** An unknown, used or expired link to move an account to a new e-mail address (server and /confirm-email alike). */
export const EMAIL_CHANGE_LINK_INVALID =
  "This link to change your e-mail address is invalid, has already been used or has expired. Ask for a new one on your profile.";
