/**
 * Reads a body stream to the end, cancelling it and throwing `tooLarge()` as soon as it passes `maxBytes`, so a
 * huge or endless (chunked) body is never buffered whole. Request bodies (lib/features/api/handler.ts) and the answers of
 * calendars and explorers (lib/domain/timestamps/http.ts) both go through it.
 */
export async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
