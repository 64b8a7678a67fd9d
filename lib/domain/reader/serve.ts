import "server-only";
import type { AssetMeta } from "@/lib/domain/files";
import { readAssetBytes } from "@/lib/domain/files";
import { markedPdf } from "@/lib/domain/reader/marked-copy";

const EXTENSIONS: Record<string, string[]> = {
  "application/pdf": [".pdf"],
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/webp": [".webp"],
  "image/gif": [".gif"],
};

/**
 * The name a file is served under ends in the extension of its verified type: a PDF uploaded as "poly.html" is
 * served as "poly.pdf", so a download can never be opened as something it is not.
 */
export function servedFileName(fileName: string, contentType: string) {
  const allowed = EXTENSIONS[contentType];
  if (!allowed) return fileName;
  const lower = fileName.toLowerCase();
  if (allowed.some((ext) => lower.endsWith(ext) && lower.length > ext.length)) return fileName;
  const stem = fileName.replace(/\.[^./\\]{1,10}$/, "") || "file";
  return `${stem}${allowed[0]}`;
}

function contentDisposition(kind: "inline" | "attachment", fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Parses a single "bytes=a-b" range; multi-range and invalid ranges get the whole file (RFC 9110 §14.2). */
function parseRange(header: string | null, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start: number;
  let end: number;
  if (m[1] === "") {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    if (m[2] !== "" && Number(m[2]) < start) return null;
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || size === 0) return "unsatisfiable";
  return { start, end };
}

/**
 * The decrypted file with its real type, a safe Content-Disposition and HTTP Range support.
 * Same-origin framing is allowed here (the editor and viewer embed PDFs); nothing else may frame it.
 * A PDF served to a recipient carries their watermark: their own copy, a new file made on first use and kept
 * (lib/domain/reader/marked-copy.ts; the stored file is never changed), sent whole, since its bytes differ per recipient and
 * per view (no Range, no Accept-Ranges).
 */
export async function fileResponse(req: Request, asset: AssetMeta, opts: { download?: boolean } = {}) {
  const mark = asset.contentType === "application/pdf" ? asset.watermark : undefined;
  const marked = mark !== undefined;
  const data = mark ? await markedPdf({ ...asset, watermark: mark }) : await readAssetBytes(asset);
  const headers = new Headers({
    "Content-Type": asset.contentType,
    "Content-Disposition": contentDisposition(opts.download ? "attachment" : "inline", servedFileName(asset.fileName, asset.contentType)),
    ...(marked ? {} : { "Accept-Ranges": "bytes" }),
    // no-transform keeps the server from gzipping: Range offsets refer to the file itself. (Next.js replaces
    // Content-Length with its own chunked framing; Content-Range still tells clients the size.)
    "Cache-Control": "private, no-store, no-transform",
    "X-Content-Type-Options": "nosniff",
    // Chrome's PDF viewer refuses sandboxed documents, so PDFs only get the framing rule.
    "Content-Security-Policy":
      asset.contentType === "application/pdf" ? "frame-ancestors 'self'" : "default-src 'none'; frame-ancestors 'self'; sandbox",
    "X-Frame-Options": "SAMEORIGIN",
    "Referrer-Policy": "no-referrer",
  });
  const range = marked ? null : parseRange(req.headers.get("range"), data.length);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${data.length}`);
    return new Response(null, { status: 416, headers });
  }
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${data.length}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
    return new Response(new Uint8Array(data.subarray(range.start, range.end + 1)), { status: 206, headers });
  }
  headers.set("Content-Length", String(data.length));
  return new Response(new Uint8Array(data), { status: 200, headers });
}
