import { PayloadTooLargeError, ValidationError } from "@/lib/platform/http/errors";
import { parseMultipart } from "@/lib/platform/uploads/multipart";

const OPTS = { fileField: "file", maxFileBytes: 1024, tooLarge: "That file is too large" };
const BOUNDARY = "----ideavault-test-boundary";

function formRequest(form: FormData) {
  return new Request("http://localhost/upload", { method: "POST", body: form });
}

/** A multipart body streamed chunk by chunk, without Content-Length; `pulled` counts the chunks read. */
function streamedRequest(opts: { fileBytes: number; chunkSize?: number; headers?: Record<string, string>; end?: boolean }) {
  const chunkSize = opts.chunkSize ?? 256;
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nStreamed\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  let sent = 0;
  const state = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.pulled++;
        if (state.pulled === 1) return controller.enqueue(new Uint8Array(head));
        if (sent < opts.fileBytes) {
          const n = Math.min(chunkSize, opts.fileBytes - sent);
          sent += n;
          return controller.enqueue(new Uint8Array(Buffer.alloc(n, 0x61)));
        }
        if (opts.end !== false) controller.enqueue(new Uint8Array(tail));
        controller.close();
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  const init = {
    method: "POST",
    body,
    duplex: "half",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...opts.headers },
  } as RequestInit;
  return { req: new Request("http://localhost/upload", init), state };
}

describe("parseMultipart", () => {
  it("parses the fields and the file of a real multipart body", async () => {
    const form = new FormData();
    form.append("title", "My diagram");
    form.append("ideaId", "42");
    form.append("file", new Blob([Buffer.from("file body ✓")], { type: "image/png" }), "diagram.png");
    const { file, fields } = await parseMultipart(formRequest(form), OPTS);
    expect(fields).toEqual({ title: "My diagram", ideaId: "42" });
    expect(file).toEqual({ field: "file", fileName: "diagram.png", declaredType: "image/png", data: Buffer.from("file body ✓") });
  });

  it("keeps only the first file of the expected field", async () => {
    const form = new FormData();
    form.append("other", new Blob(["ignored other field"]), "other.txt");
    form.append("file", new Blob(["first"], { type: "text/plain" }), "first.txt");
    form.append("file", new Blob(["second"], { type: "text/plain" }), "second.txt");
    form.append("note", "after the files");
    const { file, fields } = await parseMultipart(formRequest(form), OPTS);
    expect(file?.fileName).toBe("first.txt");
    expect(file?.data.toString()).toBe("first");
    expect(fields).toEqual({ note: "after the files" });
  });

  it("returns a null file when none was sent", async () => {
    const form = new FormData();
    form.append("title", "No file");
    expect(await parseMultipart(formRequest(form), OPTS)).toEqual({ file: null, fields: { title: "No file" } });
  });

  it("accepts a file of exactly the limit", async () => {
    const form = new FormData();
    form.append("file", new Blob([Buffer.alloc(OPTS.maxFileBytes, 1)]), "exact.bin");
    const { file } = await parseMultipart(formRequest(form), OPTS);
    expect(file?.data.length).toBe(OPTS.maxFileBytes);
  });

  it("rejects a file one byte over the limit with PayloadTooLargeError (413)", async () => {
    const form = new FormData();
    form.append("file", new Blob([Buffer.alloc(OPTS.maxFileBytes + 1, 1)]), "big.bin");
    const err = await parseMultipart(formRequest(form), OPTS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PayloadTooLargeError);
    expect(err).toMatchObject({ status: 413, message: "That file is too large" });
  });

  it("rejects an over-limit file streamed without Content-Length, and stops reading early", async () => {
    const total = 200 * 1024; // 200× the limit, in 256-byte chunks
    const { req, state } = streamedRequest({ fileBytes: total });
    expect(req.headers.get("content-length")).toBeNull();
    await expect(parseMultipart(req, OPTS)).rejects.toMatchObject({ status: 413, message: "That file is too large" });
    expect(state.pulled).toBeLessThan(50); // ~5 chunks pass the limit; far from the 800 chunks of the body
  });

  it("parses a streamed body within the limit without Content-Length", async () => {
    const { req } = streamedRequest({ fileBytes: 1000, chunkSize: 100 });
    const { file, fields } = await parseMultipart(req, OPTS);
    expect(fields).toEqual({ title: "Streamed" });
    expect(file?.data).toEqual(Buffer.alloc(1000, 0x61));
  });

  it("refuses a declared Content-Length far over the limit before reading the body", async () => {
    const { req, state } = streamedRequest({ fileBytes: 10, headers: { "content-length": String(50 * 1024 * 1024) } });
    expect(req.headers.get("content-length")).toBe(String(50 * 1024 * 1024));
    await expect(parseMultipart(req, OPTS)).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(state.pulled).toBe(0);
    expect(req.bodyUsed).toBe(false);
  });

  it("refuses a body that is not multipart/form-data with ValidationError", async () => {
    const json = new Request("http://localhost/upload", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    await expect(parseMultipart(json, OPTS)).rejects.toMatchObject({ status: 400, message: "Expected a multipart/form-data upload" });
    const untyped = new Request("http://localhost/upload", { method: "POST", body: new Uint8Array([1, 2, 3]) });
    untyped.headers.delete("content-type");
    await expect(parseMultipart(untyped, OPTS)).rejects.toBeInstanceOf(ValidationError);
    const urlencoded = new Request("http://localhost/upload", { method: "POST", body: new URLSearchParams({ a: "b" }) });
    await expect(parseMultipart(urlencoded, OPTS)).rejects.toBeInstanceOf(ValidationError);
  });

  it("refuses a multipart type without a boundary and an empty body with ValidationError", async () => {
    const noBoundary = new Request("http://localhost/upload", { method: "POST", body: "x", headers: { "content-type": "multipart/form-data" } });
    await expect(parseMultipart(noBoundary, OPTS)).rejects.toMatchObject({ status: 400, message: "Malformed multipart body" });

    const empty = new Request("http://localhost/upload", { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` } });
    await expect(parseMultipart(empty, OPTS)).rejects.toMatchObject({ status: 400, message: "Empty upload" });
  });

  // A client that stops in the middle of the file: busboy destroys the file stream with "Unexpected end of form".
  // Without an 'error' listener on that stream this becomes an uncaught exception (jest reports "Unhandled error").
  it("rejects a body truncated inside the file with ValidationError and no unhandled stream error", async () => {
    const { req } = streamedRequest({ fileBytes: 100, end: false });
    await expect(parseMultipart(req, OPTS)).rejects.toMatchObject({ status: 400, message: "Malformed multipart body" });
    await new Promise((r) => setImmediate(r));
  });
});
