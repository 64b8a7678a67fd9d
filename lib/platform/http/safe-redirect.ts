// A placeholder origin: only used to resolve the candidate, never shown to anyone.
const BASE = "http://ideavault.invalid";

// Browsers strip tabs/newlines from URLs and treat "\" as "/": either can turn an innocent-looking path into "//host".
const FORBIDDEN_RAW = /[\u0000-\u001f\u007f\\]/;

function decodedOrNull(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** A path a browser would resolve on another host ("//host", "/\host"), also once decoded or compatibility-normalized. */
function leavesOrigin(path: string) {
  return !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\");
}

/**
 * A redirect target taken from input (e.g. `callbackUrl`) reduced to a same-origin path, or `fallback`.
 * The check runs on what the URL parser makes of the value, not on the raw string: "/.//host", "/%2e//host"
 * and "/a/..//host" all look like paths but normalize to "//host", which a browser sends to another host.
 */
export function safeRedirectPath(raw: string | undefined | null, fallback = "/dashboard"): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048) return fallback;
  if (!raw.startsWith("/") || FORBIDDEN_RAW.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || leavesOrigin(url.pathname)) return fallback;

  // Encoded slashes, backslashes and look-alikes ("/%2f%2fhost", "/／host") may be decoded by a proxy or a later parse.
  const decoded = decodedOrNull(url.pathname);
  if (decoded === null || FORBIDDEN_RAW.test(decoded)) return fallback;
  if (leavesOrigin(decoded) || leavesOrigin(decoded.normalize("NFKC"))) return fallback;

  const path = `${url.pathname}${url.search}${url.hash}`;
  // The result must survive being parsed again unchanged, or the browser might still normalize it elsewhere.
  const again = new URL(path, BASE);
  if (again.origin !== BASE || `${again.pathname}${again.search}${again.hash}` !== path) return fallback;
  return path;
}
