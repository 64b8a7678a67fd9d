import "server-only";
import { Readable } from "node:stream";
import Busboy from "busboy";
import { PayloadTooLargeError, ValidationError } from "@/lib/platform/http/errors";

export type UploadedFile = { field: string; fileName: string; declaredType: string; data: Buffer };
export type ParsedUpload = { file: UploadedFile | null; fields: Record<string, string> };

const FIELD_BYTES = 10_000;

/**
 * Streams a multipart body and keeps only the first file, stopping as soon as it passes `maxFileBytes`
 * (413) — the body is never buffered beyond the limit. A declared Content-Length far above it is refused
 * before reading anything.
 */
export async function parseMultipart(req: Request, opts: { fileField: string; maxFileBytes: number; tooLarge: string }): Promise<ParsedUpload> {
  const { files, fields } = await parseMultipartFiles(req, { limits: { [opts.fileField]: opts.maxFileBytes }, tooLarge: opts.tooLarge });
  return { file: files[opts.fileField] ?? null, fields };
}

/** The same for several file fields, each with its own limit (the first file of each field is kept). */
export async function parseMultipartFiles(
  req: Request,
  opts: { limits: Record<string, number>; tooLarge: string },
): Promise<{ files: Record<string, UploadedFile>; fields: Record<string, string> }> {
  const type = req.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw new ValidationError("Expected a multipart/form-data upload");
  const total = Object.values(opts.limits).reduce((a, b) => a + b, 0);
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > total + 64 * 1024) throw new PayloadTooLargeError(opts.tooLarge);
  if (!req.body) throw new ValidationError("Empty upload");

  return new Promise((resolve, reject) => {
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
      bb = Busboy({ headers: { "content-type": type }, defParamCharset: "utf8", limits: { fileSize: Math.max(...Object.values(opts.limits)) + 1, fieldSize: FIELD_BYTES, fields: 20, parts: 30 } });
    } catch {
      throw new ValidationError("Malformed multipart body");
    }
    const fields: Record<string, string> = {};
    const files: Record<string, UploadedFile> = {};
    const source = Readable.fromWeb(req.body as import("node:stream/web").ReadableStream<Uint8Array>);
    const tooLarge = () => {
      source.destroy();
      finish(() => reject(new PayloadTooLargeError(opts.tooLarge)));
    };

    bb.on("field", (name, value) => {
      fields[name] = value;
    });
    // busboy reports 'limit' when a file reaches fileSize, so the limit is set one byte above the largest maximum.
    bb.on("file", (name, stream, info) => {
      // A body cut off mid-file destroys the file stream with an error: answer 400, never crash.
      stream.on("error", () => finish(() => reject(new ValidationError("Malformed multipart body"))));
      const max = Object.hasOwn(opts.limits, name) ? opts.limits[name] : undefined;
      if (max === undefined || files[name]) {
        stream.resume(); // only the first file of each expected field counts
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (c: Buffer) => {
        size += c.length;
        if (size > max) tooLarge();
        else chunks.push(c);
      });
      stream.on("limit", tooLarge);
      stream.on("end", () => {
        if (size <= max) files[name] = { field: name, fileName: info.filename ?? "", declaredType: info.mimeType ?? "", data: Buffer.concat(chunks) };
      });
    });
    bb.on("error", () => finish(() => reject(new ValidationError("Malformed multipart body"))));
    bb.on("close", () => finish(() => resolve({ files, fields })));
    source.on("error", () => finish(() => reject(new ValidationError("Upload interrupted"))));
    source.pipe(bb);
  });
}
