/** E-mail addresses are compared and stored lower-case. */
export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

/** The bare address of a From value: `Name <a@b>` or `a@b`. */
export function addressOf(from: string) {
  const angle = /<([^<>]+)>\s*$/.exec(from);
  return (angle ? angle[1] : from).trim();
}

/**
 * `"name" <address>`: a display name of someone else's choosing, as an RFC 5322 quoted string (line breaks and
 * control characters dropped, quotes and backslashes escaped) so it can never add a header or another address.
 */
export function withDisplayName(from: string, name: string) {
  const clean = name.replace(/[\u0000-\u001f\u007f]+/g, " ").trim().replace(/["\\]/g, "\\$&");
  return `"${clean}" <${addressOf(from)}>`;
}
