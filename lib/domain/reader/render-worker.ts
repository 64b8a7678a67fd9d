/**
 * The render pool's child process (lib/domain/reader/pool.ts forks it): pdf.js page drawing, page listing, the upload
 * inspection and the recipient's marked-PDF rewrite run here, never on the server's request thread. A hostile file
 * can then only exhaust this process, which the pool kills when a job passes its CPU-time or memory budget.
 *
 * Started with `--import tsx` (and the server-only shim), so it loads the same TypeScript modules the server uses.
 * It reads no configuration and touches no database or blob store: the pool hands it the decrypted bytes and the
 * limits with each job.
 */
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { RenderJob, RenderReply, WorkerMessage } from "@/lib/domain/reader/render-protocol";
import { PDF_BROKEN_PAGE_TREE } from "@/lib/domain/validation/upload-limits";

const send = (message: WorkerMessage) => process.send?.(message);

/** Parsed documents kept between jobs, least recently used first: parsing a large PDF costs more than one page. */
const MAX_OPEN = 3;
const open = new Map<string, Promise<PDFDocumentProxy>>();

async function documentFor(job: RenderJob): Promise<PDFDocumentProxy | null> {
  const kept = open.get(job.docKey);
  if (kept) {
    open.delete(job.docKey);
    open.set(job.docKey, kept);
    return kept;
  }
  if (!job.bytes) return null; // the pool sends the bytes again
  const { openPdf } = await import("@/lib/domain/reader/pdfjs");
  const doc = openPdf(job.bytes, job.limits);
  open.set(job.docKey, doc);
  doc.catch(() => open.delete(job.docKey));
  for (const [key, old] of open) {
    if (open.size <= MAX_OPEN) break;
    open.delete(key);
    old.then((d) => d.destroy()).catch(() => undefined);
  }
  return doc;
}

async function run(job: RenderJob): Promise<RenderReply> {
  if (job.kind === "mark-pdf") {
    const { watermarkPdf } = await import("@/lib/domain/files/watermark");
    return { ok: true, kind: "bytes", data: await watermarkPdf(job.bytes!, job.watermark) };
  }
  if (job.kind === "trace") {
    const { traceProjections } = await import("@/lib/domain/reader/trace-detect");
    return { ok: true, kind: "trace", hypotheses: await traceProjections(job.bytes!, job.pages) };
  }
  if (job.kind === "inspect") {
    const { inspectPdf } = await import("@/lib/domain/reader/inspect");
    return { ok: true, kind: "list", list: await inspectPdf(job.bytes!, job.rules, job.limits) };
  }
  const doc = await documentFor(job);
  if (!doc) return { ok: false, needBytes: true };
  const render = await import("@/lib/domain/reader/render");
  if (job.kind === "list") return { ok: true, kind: "list", list: await render.documentPageList(doc) };
  const { encodeWebp } = await import("@/lib/domain/reader/webp");
  return { ok: true, kind: "bytes", data: await encodeWebp(await render.drawDocumentPage(doc, job.n, job.width)) };
}

/**
 * A failure here is the file's doing (pdf.js refusing a damaged or hostile structure), so it is answered as a 422
 * with words a reader can act on; errors that already carry a status (page not found, a refused upload) keep it.
 * What pdf.js said goes to this process's stderr, the server's log.
 */
function failure(err: unknown): RenderReply {
  const e = err as { name?: string; message?: string; status?: number } | null;
  const name = String(e?.name ?? "Error");
  const message = String(e?.message ?? err);
  if (typeof e?.status === "number") return { ok: false, error: { name, message, status: e.status } };
  // What pdf.js says may quote the file: one line, printable, bounded.
  console.warn(`[render-worker] ${`${name}: ${message}`.replace(/[^\x20-\x7e]/g, "?").slice(0, 300)}`);
  // Out of memory is this process's state, not the file's verdict: the server answers 503 and keeps nothing.
  if (/allocation failed|out of memory/i.test(message)) return { ok: false, error: { name, message: "The server is busy", status: 503 } };
  const brokenTree = err instanceof RangeError || /circular reference|call stack/i.test(message);
  return { ok: false, error: { name, message: brokenTree ? PDF_BROKEN_PAGE_TREE : "This page cannot be displayed: the file is damaged", status: 422 } };
}

process.on("message", (message: { id: number; job: RenderJob }) => {
  run(message.job).then(
    (reply) => send({ id: message.id, reply }),
    (err: unknown) => send({ id: message.id, reply: failure(err) }),
  );
});

// Loading pdf.js and the canvas takes a moment: done before the pool is told this process is ready.
void (async () => {
  await import("@/lib/domain/reader/pdfjs").then((m) => m.loadPdfjs());
  await import("@/lib/domain/reader/webp");
  send({ ready: true });
})();

// The pool's end is this process's end: an orphan would keep its memory.
process.on("disconnect", () => process.exit(0));
