/** Client calls of the editor screen (spec §7). All send cookies; JSON content-type only with a body. */

export type IdeaStatus = "draft" | "published";

/** A PDF idea's content; pdfPath is null when the stored path is not a safe URL. */
export type PdfContent = { type: "pdf"; fileName: string; pdfPath: string | null };

export type Idea = {
  id: number;
  title: string;
  status: IdeaStatus;
  kind?: string;
  content: unknown;
  blockchainTimestamp: string | null;
  lastModified: string;
};

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isIdea(value: unknown): value is Idea {
  return (
    isRecord(value) &&
    typeof value.id === "number" &&
    typeof value.title === "string" &&
    (value.status === "draft" || value.status === "published")
  );
}

async function request(method: string, url: string, body?: unknown): Promise<ApiResult<Idea>> {
  try {
    const response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) return { ok: false, status: response.status };
    const data: unknown = await response.json();
    return isIdea(data) ? { ok: true, data } : { ok: false, status: 0 };
  } catch {
    return { ok: false, status: 0 };
  }
}

export function fetchIdea(id: number) {
  return request("GET", `/api/ideas/${id}`);
}

export function createIdea(title: string, content: string) {
  return request("POST", "/api/ideas", { title, content });
}

export function updateIdea(id: number, title: string, content: unknown) {
  return request("PUT", `/api/ideas/${id}`, { title, content });
}

export function publishIdea(id: number) {
  return request("PUT", `/api/ideas/${id}/publish`);
}

/** A same-origin path or an http(s) URL; anything else (javascript:, data:) is refused. */
function safeFileUrl(path: string): string | null {
  if (path.startsWith("/") && !path.startsWith("//")) return path;
  return /^https?:\/\//i.test(path) ? path : null;
}

export function asPdfContent(content: unknown): PdfContent | null {
  if (!isRecord(content) || content.type !== "pdf") return null;
  const pdfPath = typeof content.pdfPath === "string" ? safeFileUrl(content.pdfPath) : null;
  const fileName = typeof content.fileName === "string" ? content.fileName : "document.pdf";
  return { type: "pdf", fileName, pdfPath };
}

export const IMPORTED_CONTENT_PLACEHOLDER = "<p>Content imported from previous format</p>";

/** What the editor shows for a stored idea's content (spec §3). */
export function editorHtmlFor(content: unknown, fallback: string): string {
  if (typeof content === "string") return content;
  if (content === null || content === undefined) return fallback;
  return IMPORTED_CONTENT_PLACEHOLDER;
}
