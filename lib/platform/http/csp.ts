/**
 * The Content-Security-Policy of every page, built per request by proxy.ts around a fresh nonce. Next.js reads
 * the nonce from the request's policy and puts it on its own scripts; with 'strict-dynamic' those scripts may
 * load further chunks, and nothing else runs: no injected inline script, no inline event handler, no script URL
 * that the page itself did not create.
 */

/** Request header through which server components can read the nonce (`(await headers()).get(NONCE_HEADER)`). */
export const NONCE_HEADER = "x-nonce";

/** 16 random bytes, base64: unguessable and unique for every response. Web Crypto works in every runtime. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function pageCsp(nonce: string, { dev = false }: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code for its error overlay and stack reconstruction.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Inline styles stay allowed (measured with a report-only `style-src 'self'` over the whole e2e suite):
    // sonner inserts its stylesheet as a <style> element on every page and has no nonce option; TipTap's text
    // colour and highlight marks write style="" attributes. (TipTap's own <style> and react-remove-scroll's, used
    // by Radix dialogs and menus, could take a nonce, but that alone would not allow dropping 'unsafe-inline'.)
    // Styles cannot run script; the script policy above is what stops injected markup.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "frame-src 'self' blob: https://www.youtube.com https://www.youtube-nocookie.com",
    "object-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}
