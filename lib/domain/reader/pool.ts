import "server-only";
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { HttpError, ServiceUnavailableError } from "@/lib/platform/http/errors";
import { getEnv } from "@/lib/platform/env";
import type { PageList } from "@/lib/domain/reader/render";
import type { TraceHypothesis } from "@/lib/domain/reader/trace-detect";
import { DEFAULT_PDF_LIMITS, type RenderJob, type RenderReply, type WorkerMessage } from "@/lib/domain/reader/render-protocol";
import { onShutdown } from "@/lib/platform/process/shutdown";
import { renderWorkerBundle } from "@/lib/domain/reader/worker-bundle";

/**
 * The render pool: a few child processes (lib/domain/reader/render-worker.ts) that draw PDF pages, list them, inspect
 * uploads and rewrite recipients' marked PDFs, so no PDF is ever parsed on the server's request thread.
 *
 * - Each job has a budget: CPU time (RENDER_TIMEOUT_MS; a trace, TRACE_CPU_BUDGET_MS; measured on the process, so a
 *   busy machine does not turn a benign page into a refused one) with a wall-clock backstop, and resident memory (RENDER_MEMORY_MB). A process
 *   over either is killed and the job fails with RenderBudgetError (422); a new process takes its place.
 * - One job per process at a time. Jobs wait in a queue in front of the pool, interactive ones (a reader's page)
 *   before background ones (pages made ahead of time); at most RENDER_QUEUE_MAX wait, each at most
 *   RENDER_QUEUE_WAIT_MS, beyond which the request answers 503 with Retry-After.
 * - The bytes of a document travel once per process: a process keeps its last few parsed documents, and a job for
 *   a document it no longer has is sent again with the bytes.
 */

/** A job stopped because it passed its time or memory budget, or its process died under it (twice). */
export class RenderBudgetError extends HttpError {
  override name = "RenderBudgetError";
  constructor(public readonly reason: "time" | "memory" | "crash", message = "This page is too complex to display") {
    super(422, message);
  }
}

/** A job that failed inside the render process for a reason its error does not explain (a damaged file). */
export class RenderFailedError extends HttpError {
  override name = "RenderFailedError";
  constructor(message = "This page cannot be displayed: the file is damaged") {
    super(422, message);
  }
}

/**
 * How the pool itself fails a job, as plain data: the pool's state lives on globalThis and is shared by every copy
 * of this module the server bundles (instrumentation and each route have their own), so an error class made by one
 * copy fails `instanceof` in another. `run` turns these into the caller's own errors.
 */
type PoolFailure = { poolFailure: "time" | "memory" | "crash" | "busy" | "gone" | "start" };
const failure = (poolFailure: PoolFailure["poolFailure"]): PoolFailure => ({ poolFailure });
function isPoolFailure(err: unknown): err is PoolFailure {
  return typeof err === "object" && err !== null && "poolFailure" in err;
}

type Priority = "interactive" | "background";
type Task = {
  job: RenderJob;
  bytes: () => Promise<Uint8Array>;
  priority: Priority;
  resolve: (reply: RenderReply) => void;
  reject: (err: unknown) => void;
  waitTimer?: NodeJS.Timeout;
  /** A task whose process died under it (a crash or its memory cap) is tried once more on a fresh process. */
  retried?: boolean;
};

type Worker = {
  /** Set once the process is started (the bundle is built first). */
  child?: ChildProcess;
  ready: boolean;
  /** Ever sent "ready": its death is no failed start. */
  started: boolean;
  busy: boolean;
  /** Killed on purpose (a budget, or the pool stopping): its exit is expected. */
  killed: boolean;
  /** The documents it holds parsed, least recently used first (it keeps as many as MAX_OPEN in the worker). */
  docs: string[];
  /** The job in hand: its reply handler and its budget watch. */
  current?: { id: number; onReply: (reply: RenderReply) => void; onDeath: (err: PoolFailure) => void };
};

/** As many as the worker keeps parsed (lib/domain/reader/render-worker.ts MAX_OPEN). */
const WORKER_OPEN_DOCUMENTS = 3;
const WATCH_MS = 50;
const CLOCK_TICKS = 100; // USER_HZ on Linux
/** A process that has not loaded pdf.js by then is taken as failed to start. */
const START_TIMEOUT_MS = 120_000;
/** Largest reply accepted from a worker (a page image, a marked PDF of a 10 MB file with its marks). */
const MAX_REPLY_BYTES = 64 * 1024 * 1024;

type PoolState = {
  workers: Worker[];
  queue: Task[];
  nextId: number;
  shutdownHooked: boolean;
  failedStarts: number;
  /** Jobs sent by kind, and how many of them carried the document's bytes (health and tests). */
  sent: Record<RenderJob["kind"] | "withBytes", number>;
};
const state = ((globalThis as { __ideavaultRenderPool?: PoolState }).__ideavaultRenderPool ??= {
  workers: [],
  queue: [],
  nextId: 1,
  shutdownHooked: false,
  failedStarts: 0,
  sent: { list: 0, page: 0, inspect: 0, "mark-pdf": 0, trace: 0, withBytes: 0 },
});

/** Processes that die before they are ready, in a row, before the waiting jobs are failed (a broken install). */
const MAX_FAILED_STARTS = 3;

function poolSize() {
  return getEnv().RENDER_WORKERS ?? Math.max(1, Math.min(4, os.cpus().length - 1));
}

/** CPU milliseconds (user + system) and resident bytes of a process, from /proc; null where there is no /proc. */
function usage(pid: number | undefined): { cpuMs: number; rssBytes: number } | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cpuMs = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    const rssPages = Number(fs.readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]);
    return { cpuMs, rssBytes: rssPages * 4096 };
  } catch {
    return null;
  }
}

/** A worker slot: taken at once, its process started once the bundle exists (lib/domain/reader/worker-bundle.ts). */
function spawnWorker(): Worker {
  const worker: Worker = { ready: false, started: false, busy: false, killed: false, docs: [] };
  state.workers.push(worker);
  hookShutdown();
  renderWorkerBundle().then(
    (file) => startProcess(worker, file),
    (err) => {
      console.error("[render] could not build the render worker", err);
      retire(worker);
      failWaiting();
    },
  );
  return worker;
}

/** Takes a worker out of the pool (before its exit is reported: no job may be handed to a dying process). */
function retire(worker: Worker) {
  worker.ready = false;
  state.workers = state.workers.filter((w) => w !== worker);
}

/** Not the file's fault: the server cannot start its render processes. What waits fails (a 500, logged). */
function failWaiting() {
  for (const task of state.queue.splice(0)) {
    clearTimeout(task.waitTimer);
    task.reject(failure("start"));
  }
}

/** A process that ended: its job fails, a start that never became ready counts, and the queue goes on. */
function ended(worker: Worker, how: string) {
  if (!state.workers.includes(worker) && !worker.current && worker.killed) return; // a kill already handled
  retire(worker);
  const current = worker.current;
  worker.current = undefined;
  current?.onDeath(failure(worker.killed ? "busy" : "crash"));
  if (!worker.started && !worker.killed && ++state.failedStarts >= MAX_FAILED_STARTS) {
    console.error(`[render] worker process could not start (${how})`);
    state.failedStarts = 0;
    failWaiting();
    return;
  }
  dispatch();
}

function startProcess(worker: Worker, file: string) {
  if (!state.workers.includes(worker)) return; // the pool was stopped meanwhile
  let child: ChildProcess;
  try {
    child = fork(file, [], {
      cwd: process.cwd(),
      execArgv: ["--max-old-space-size=256"],
      // The worker needs no secrets: it is handed bytes and limits, and reads only pdf.js's data files and fonts.
      env: { NODE_ENV: getEnv().NODE_ENV },
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
  } catch (err) {
    return ended(worker, `fork failed: ${(err as Error).message}`);
  }
  worker.child = child;
  const startTimer = setTimeout(() => {
    if (worker.started) return;
    child.kill("SIGKILL"); // its exit reports the failed start
  }, START_TIMEOUT_MS).unref();
  child.on("message", (message: WorkerMessage) => {
    if (!message || typeof message !== "object") return;
    if ("ready" in message) {
      clearTimeout(startTimer);
      worker.ready = worker.started = state.workers.includes(worker);
      state.failedStarts = 0;
      dispatch();
      if (!worker.busy) idle(worker);
    } else if (worker.current?.id === message.id) {
      worker.current.onReply(message.reply);
    }
  });
  child.on("exit", (code, signal) => {
    clearTimeout(startTimer);
    ended(worker, `exit ${code ?? signal}`);
  });
  // A process that could not be spawned (EAGAIN, EMFILE) reports only an error, never an exit.
  child.on("error", (err) => {
    console.error("[render] worker process error", err);
    if (child.pid === undefined) {
      clearTimeout(startTimer);
      ended(worker, `spawn failed: ${err.message}`);
    }
  });
}

/** A process waiting for work must not keep a script (or jest) alive; one with a job in hand must. */
function idle(worker: Worker) {
  worker.child?.unref();
  worker.child?.channel?.unref();
}
function working(worker: Worker) {
  worker.child?.ref();
  worker.child?.channel?.ref();
}

function hookShutdown() {
  if (state.shutdownHooked) return;
  state.shutdownHooked = true;
  onShutdown("render pool", 0, async () => stopRenderPool());
}

/**
 * Kills every render process and refuses the waiting jobs (server shutdown; tests). Jobs in hand fail as 503: the
 * file is not at fault, so nothing is kept as refused.
 */
export function stopRenderPool() {
  for (const task of state.queue.splice(0)) {
    clearTimeout(task.waitTimer);
    task.reject(failure("busy"));
  }
  for (const worker of state.workers.splice(0)) {
    worker.killed = true;
    worker.ready = false;
    worker.child?.kill("SIGKILL");
  }
}

/** Starts the processes ahead of the first page, so that page does not wait for pdf.js to load. */
export function warmRenderPool() {
  while (state.workers.length < poolSize()) spawnWorker();
}

function takeNext(): Task | undefined {
  const i = state.queue.findIndex((t) => t.priority === "interactive");
  return state.queue.splice(i >= 0 ? i : 0, 1)[0];
}

function dispatch() {
  while (state.queue.length) {
    const worker = state.workers.find((w) => w.ready && !w.busy);
    if (!worker) {
      if (state.workers.length < poolSize()) spawnWorker();
      return;
    }
    const task = takeNext()!;
    clearTimeout(task.waitTimer);
    worker.busy = true;
    void runOn(worker, task);
  }
}

/**
 * A job's CPU budget. A trace searches every kept page of an idea at several scales, work that grows with the
 * idea and not with how hostile the upload is (its decoded size is bounded in the worker): it gets its own budget,
 * so a trace under load is not refused by the limit meant for drawing one page.
 */
export const TRACE_CPU_BUDGET_MS = 60_000;
function cpuBudget(job: RenderJob): number {
  const { RENDER_TIMEOUT_MS } = getEnv();
  return job.kind === "trace" ? Math.max(RENDER_TIMEOUT_MS, TRACE_CPU_BUDGET_MS) : RENDER_TIMEOUT_MS;
}

/** Sends one job to a worker and watches its budget until it answers. */
function send(worker: Worker, job: RenderJob): Promise<RenderReply> {
  const { RENDER_MEMORY_MB } = getEnv();
  const budgetMs = cpuBudget(job);
  const child = worker.child;
  // The process a job was meant for is gone before the job reached it: the job goes back to the queue.
  if (!child?.connected || !worker.ready || !state.workers.includes(worker)) return Promise.reject(failure("gone"));
  const id = state.nextId++;
  const start = usage(child.pid);
  const startedAt = Date.now();
  // The wall-clock backstop: a job that waits on nothing must still end; generous, since CPU time is the measure.
  const wallLimit = Math.max(30_000, 3 * budgetMs);
  return new Promise<RenderReply>((resolve, reject) => {
    const finish = () => {
      clearInterval(watch);
      worker.current = undefined;
      idle(worker);
    };
    const kill = (reason: "time" | "memory") => {
      finish();
      worker.killed = true;
      retire(worker);
      child.kill("SIGKILL");
      reject(failure(reason));
    };
    const watch = setInterval(() => {
      const now = start && usage(child.pid);
      if (now && now.cpuMs - start.cpuMs > budgetMs) return kill("time");
      if (now && now.rssBytes > RENDER_MEMORY_MB * 1024 * 1024) return kill("memory");
      if (Date.now() - startedAt > (now ? wallLimit : budgetMs)) return kill("time");
    }, WATCH_MS);
    watch.unref();
    worker.current = {
      id,
      onReply: (reply) => {
        finish();
        resolve(reply);
      },
      onDeath: (err) => {
        finish();
        reject(err);
      },
    };
    working(worker);
    state.sent[job.kind]++;
    if (job.bytes) state.sent.withBytes++;
    child.send({ id, job }, (err) => {
      if (err && worker.current?.id === id) {
        finish();
        reject(failure("gone"));
      }
    });
  });
}

function remember(worker: Worker, docKey: string) {
  worker.docs = [...worker.docs.filter((d) => d !== docKey), docKey].slice(-WORKER_OPEN_DOCUMENTS);
}

/** Whether a reply is the shape the protocol allows and within size (a worker runs on hostile input). */
function wellFormed(reply: RenderReply): boolean {
  if (!reply || typeof reply !== "object") return false;
  if (reply.ok && reply.kind === "bytes") return reply.data instanceof Uint8Array && reply.data.byteLength <= MAX_REPLY_BYTES;
  if (reply.ok && reply.kind === "list") return Array.isArray(reply.list?.pages) && Number.isInteger(reply.list.pageCount);
  // Tagged by name, not instanceof: the array may come from another realm's Float64Array (a test runner's sandbox).
  if (reply.ok && reply.kind === "trace") return Array.isArray(reply.hypotheses) && reply.hypotheses.every((h) => Object.prototype.toString.call(h?.projection) === "[object Float64Array]" && Number.isInteger(h.ref));
  return !reply.ok;
}

async function runOn(worker: Worker, task: Task) {
  try {
    const { job } = task;
    let reply = await send(worker, worker.docs.includes(job.docKey) || job.bytes ? job : { ...job, bytes: await task.bytes() });
    if (!reply.ok && "needBytes" in reply) reply = await send(worker, { ...job, bytes: await task.bytes() });
    if (!wellFormed(reply)) throw new RenderFailedError();
    if (job.kind === "list" || job.kind === "page") remember(worker, job.docKey);
    task.resolve(reply);
  } catch (err) {
    const kind = isPoolFailure(err) ? err.poolFailure : null;
    const retry = kind === "gone" || ((kind === "crash" || kind === "memory") && !task.retried);
    if (retry) {
      // Another job's documents or garbage may have filled its memory, or it died for a reason of its own.
      task.retried = task.retried || kind !== "gone";
      state.queue.unshift(task);
    } else task.reject(err);
  } finally {
    worker.busy = false;
    dispatch();
  }
}

function enqueue(job: RenderJob, bytes: () => Promise<Uint8Array>, priority: Priority): Promise<RenderReply> {
  const { RENDER_QUEUE_MAX, RENDER_QUEUE_WAIT_MS } = getEnv();
  return new Promise<RenderReply>((resolve, reject) => {
    const waiting = state.queue.filter((t) => t.priority === "interactive").length;
    const anyReady = state.workers.some((w) => w.ready);
    const busy = anyReady && state.workers.every((w) => !w.ready || w.busy);
    // Background work waits as long as it takes; a reader's request is turned away when the queue is long (while
    // the processes are still starting, a pool's worth more may wait: that is no sign of overload).
    if (priority === "interactive" && waiting >= RENDER_QUEUE_MAX + (anyReady ? 0 : poolSize()) && (busy || !anyReady)) {
      return reject(failure("busy"));
    }
    const task: Task = { job, bytes, priority, resolve, reject };
    if (priority === "interactive") {
      const giveUp = () => {
        const i = state.queue.indexOf(task);
        if (i < 0) return;
        // Processes still starting (pdf.js loading) are no sign of overload: the wait starts once one is ready.
        if (!state.workers.some((w) => w.ready)) return void (task.waitTimer = setTimeout(giveUp, RENDER_QUEUE_WAIT_MS).unref());
        state.queue.splice(i, 1);
        reject(failure("busy"));
      };
      task.waitTimer = setTimeout(giveUp, RENDER_QUEUE_WAIT_MS).unref();
    }
    state.queue.push(task);
    dispatch();
  });
}

/** Turns a worker's failure into the error the server answers with (its own status, else a 422). */
function rebuild(error: { name: string; message: string; status?: number }): HttpError {
  if (error.status === 503) return new ServiceUnavailableError(5);
  if (error.status && error.status >= 400 && error.status < 500) return new HttpError(error.status, error.message);
  console.error(`[render] ${error.name}: ${error.message}`);
  return new RenderFailedError();
}

/** What a refused trace says: the budget message of a page would blame a page the owner never sent. */
export const TRACE_TOO_COSTLY = "This image could not be traced: it is too large or too complex to analyse";

/** This copy's error for a pool failure (see PoolFailure). */
function asError(f: PoolFailure, job: RenderJob): Error {
  switch (f.poolFailure) {
    case "time":
    case "memory":
    case "crash":
      return job.kind === "trace" ? new RenderBudgetError(f.poolFailure, TRACE_TOO_COSTLY) : new RenderBudgetError(f.poolFailure);
    case "busy":
    case "gone":
      return new ServiceUnavailableError(5);
    case "start":
      return new Error("The render worker could not start");
  }
}

async function run(job: RenderJob, bytes: () => Promise<Uint8Array>, priority: Priority): Promise<Extract<RenderReply, { ok: true }>> {
  let reply: RenderReply;
  try {
    reply = await enqueue(job, bytes, priority);
  } catch (err) {
    throw isPoolFailure(err) ? asError(err, job) : err;
  }
  if (reply.ok) return reply;
  if ("needBytes" in reply) throw new RenderFailedError();
  throw rebuild(reply.error);
}

export type RenderOptions = { docKey: string; bytes: () => Promise<Uint8Array>; priority?: Priority };

const limits = () => DEFAULT_PDF_LIMITS;

/** Page `n` of a document as WebP, `width` px wide (already clamped by the caller). */
export async function renderPageInPool(o: RenderOptions, n: number, width: number): Promise<Buffer> {
  const reply = await run({ kind: "page", docKey: o.docKey, limits: limits(), n, width }, o.bytes, o.priority ?? "interactive");
  if (reply.kind !== "bytes") throw new RenderFailedError();
  return Buffer.from(reply.data);
}

/** The page list of a document. */
export async function listPagesInPool(o: RenderOptions): Promise<PageList> {
  const reply = await run({ kind: "list", docKey: o.docKey, limits: limits() }, o.bytes, o.priority ?? "interactive");
  if (reply.kind !== "list") throw new RenderFailedError();
  return reply.list;
}

/** Checks an upload (lib/domain/reader/inspect.ts) and returns its page list; a refusal is a 4xx with the reason. */
export async function inspectPdfInPool(bytes: Uint8Array): Promise<PageList> {
  const { MAX_PDF_PAGES } = getEnv();
  const job: RenderJob = { kind: "inspect", docKey: "upload", bytes, limits: limits(), rules: { maxPages: MAX_PDF_PAGES, maxPageInches: 200 } };
  const reply = await run(job, async () => bytes, "interactive");
  if (reply.kind !== "list") throw new RenderFailedError();
  return reply.list;
}

/** A recipient's marked copy of a PDF (lib/domain/files/watermark.ts), made in a render process. */
export async function markPdfInPool(bytes: Uint8Array, watermark: { name: string; email: string; accessedAt: Date }): Promise<Uint8Array> {
  const reply = await run({ kind: "mark-pdf", docKey: "mark", bytes, limits: limits(), watermark }, async () => bytes, "interactive");
  if (reply.kind !== "bytes") throw new RenderFailedError();
  return reply.data;
}

/**
 * Where a leaked page image comes from among `pages` (unmarked page images) and what is left of a view's code in it
 * (lib/domain/reader/trace-detect.ts), in a render process: decoding a hostile upload and the search are bounded there.
 */
export async function traceInPool(leak: Uint8Array, pages: Uint8Array[]): Promise<TraceHypothesis[]> {
  const reply = await run({ kind: "trace", docKey: "trace", bytes: leak, limits: limits(), pages }, async () => leak, "interactive");
  if (reply.kind !== "trace") throw new RenderFailedError();
  return reply.hypotheses;
}

/** How many processes the pool runs and how many jobs wait (health and tests). */
export function renderPoolStats() {
  return {
    workers: state.workers.length,
    busy: state.workers.filter((w) => w.busy).length,
    waiting: state.queue.length,
    sent: { ...state.sent },
    busyPids: state.workers.filter((w) => w.busy && w.child?.pid).map((w) => w.child!.pid!),
  };
}
