/**
 * The one client request helper (SPEC §7): cookies always sent, a JSON body and JSON content type only when a body
 * is present, and any non-OK answer raises `ApiError` whose message is "{status}: {body text or status text}".
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

  /** The server's own message (`{ error }` in the JSON body), when it sent one. */
  get serverMessage(): string | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === "object" && "error" in parsed && typeof parsed.error === "string") return parsed.error;
    } catch {
      // Not JSON.
    }
    return null;
  }
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export async function apiRequest<T = unknown>(method: Method, url: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const hasBody = body !== undefined;
  const res = await fetch(url, {
    ...init,
    method,
    credentials: "include",
    headers: { ...(hasBody ? { "Content-Type": "application/json" } : {}), ...init.headers },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new ApiError(res.status, await res.text().catch(() => ""), res.statusText);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The message to show a person: the server's own words for a refused request, else the given fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status < 500) return err.serverMessage ?? fallback;
  return fallback;
}
