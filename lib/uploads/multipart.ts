import "server-only";
import { Readable } from "node:stream";
import Busboy from "busboy";
import { PayloadTooLargeError, ValidationError } from "@/lib/api/errors";

export type UploadedFile = { field: string; fileName: string; declaredType: string; data: Buffer };
export type ParsedUpload = { file: UploadedFile | null; fields: Record<string, string> };

const FIELD_BYTES = 10_000;

/**
 * Streams a multipart body and keeps only the first file, stopping as soon as it passes `maxFileBytes`
 * (413) — the body is never buffered beyond the limit. A declared Content-Length far above it is refused
 * before reading anything.
 */
export async function parseMultipart(req: Request, opts: { fileField: string; maxFileBytes: number; tooLarge: string }): Promise<ParsedUpload> {
  const type = req.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw new ValidationError("Expected a multipart/form-data upload");
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > opts.maxFileBytes + 64 * 1024) throw new PayloadTooLargeError(opts.tooLarge);
  if (!req.body) throw new ValidationError("Empty upload");

  return new Promise<ParsedUpload>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (!settled) {
        settled = true;
        fn();
      }
    };
    let bb: Busboy.Busboy;
    try {
      // Browsers send file names as raw UTF-8 in the part headers; busboy would read them as latin1.
      bb = Busboy({ headers: { "content-type": type }, defParamCharset: "utf8", limits: { fileSize: opts.maxFileBytes + 1, fieldSize: FIELD_BYTES, fields: 20, parts: 30 } });
    } catch {
      throw new ValidationError("Malformed multipart body");
    }
    const fields: Record<string, string> = {};
    let file: UploadedFile | null = null;
    const source = Readable.fromWeb(req.body as import("node:stream/web").ReadableStream<Uint8Array>);

    bb.on("field", (name, value) => {
      fields[name] = value;
    });
    // busboy reports 'limit' when a file reaches fileSize, so the limit is set one byte above the maximum.
    bb.on("file", (name, stream, info) => {
      // A body cut off mid-file destroys the file stream with an error: answer 400, never crash.
      stream.on("error", () => finish(() => reject(new ValidationError("Malformed multipart body"))));
      if (name !== opts.fileField || file) {
        stream.resume(); // only the first file of the expected field counts
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("limit", () => {
        source.destroy();
        finish(() => reject(new PayloadTooLargeError(opts.tooLarge)));
      });
      stream.on("end", () => {
        file = { field: name, fileName: info.filename ?? "", declaredType: info.mimeType ?? "", data: Buffer.concat(chunks) };
      });
    });
    bb.on("error", () => finish(() => reject(new ValidationError("Malformed multipart body"))));
    bb.on("close", () => finish(() => resolve({ file, fields })));
    source.on("error", () => finish(() => reject(new ValidationError("Upload interrupted"))));
    source.pipe(bb);
  });
}
