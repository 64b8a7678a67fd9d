/**
 * The one client request helper (SPEC §7): cookies always sent, a JSON body and JSON content type only when a body
 * is present, and any non-OK answer raises `ApiError` whose message is "{status}: {body text or status text}".
 * A `FormData` body (uploads) is sent as multipart, the browser choosing its boundary.
 * Client-safe: no server imports.
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    public readonly status: number,
    /** The raw response body text (often JSON with an `error` field). */
    public readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The server's own message (`{ error }`, else `{ message }` in the JSON body), when it sent one. */
  get serverMessage(): string | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (!parsed || typeof parsed !== "object") return null;
      if ("error" in parsed && typeof parsed.error === "string" && parsed.error) return parsed.error;
      if ("message" in parsed && typeof parsed.message === "string" && parsed.message) return parsed.message;
    } catch {
      // Not JSON.
    }
    return null;
  }
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Parses a response body; an empty body is null. */
export function parseJsonBody<T>(text: string): T {
  return (text ? JSON.parse(text) : null) as T;
}

export async function apiRequest<T = unknown>(method: Method, url: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  const res = await fetch(url, { ...init, method, credentials: "include", headers, body: payload });
  if (!res.ok) throw new ApiError(res.status, await res.text().catch(() => ""), res.statusText);
  return parseJsonBody<T>(await res.text());
}

/** True for an `ApiError` with one of the given statuses (any status when none is given). */
export function isApiError(err: unknown, ...statuses: number[]): err is ApiError {
  return err instanceof ApiError && (statuses.length === 0 || statuses.includes(err.status));
}

/** The message to show a person: the server's own words for a refused request, else the given fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status < 500) return err.serverMessage ?? fallback;
  return fallback;
}

/**
 * The spec's failure text, followed by the server's own words when the refusal is one the person can act on
 * (413: over the storage quota or too large; 429: too many writes, try later).
 */
export function withLimitMessage(text: string, err: unknown): string {
  const reason = isApiError(err, 413, 429) ? err.serverMessage : null;
  return reason ? `${text.replace(/[.!]?$/, ".")} ${reason}` : text;
}
