/** A file to save, never to render here: attachment, no sniffing, no caching, nothing it could run. */
export function downloadHeaders(fileName: string, contentType: string): Record<string, string> {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return {
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    "Cache-Control": "private, no-store, no-transform",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
}

export function downloadResponse(bytes: Buffer, fileName: string, contentType: string) {
  return new Response(new Uint8Array(bytes), { headers: { ...downloadHeaders(fileName, contentType), "Content-Length": String(bytes.length) } });
}
