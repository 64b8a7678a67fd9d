/**
 * Whether a request target's path is valid percent-encoded UTF-8. Next.js answers a path it cannot decode
 * (`%ED%A0%80`, an encoded lone surrogate; `%FF`) with a bare 500 before any route of ours runs, so the server in
 * front of it (scripts/serve.ts) refuses such a path itself: it names nothing.
 */
export function isDecodablePath(target: string | undefined) {
  const path = (target ?? "/").split(/[?#]/, 1)[0];
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
