/** E-mail addresses are compared and stored lower-case. */
export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}
