import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { pruneExpiredDerived } from "@/lib/domain/files/derived";
import { prerenderPage, readerPageList } from "@/lib/domain/reader/cache";
import { enqueue, runJobsFor, type JobPayloads } from "@/lib/platform/jobs";

/**
 * Pages made ahead of time: publishing a PDF idea (or a version of one) queues a "pages" job for its file, in the
 * publication's transaction, and the job draws every page at the widths a reader asks for first
 * (lib/domain/reader/cache.ts PRERENDER_WIDTHS), so a recipient's read is a cache hit. The job queue (lib/platform/jobs) holds the
 * job and its lease: any instance, or the cron call, may take it, and a job whose worker died is run again once its
 * lease has passed. A job that runs out of time queues the file's next pages as a new job, so a long file spans runs.
 */

const MAX_ATTEMPTS = 5;
/** A job hands the file back after this long, so one long file does not hold the queue (it continues next run). */
const RUN_BUDGET_MS = 20_000;
const RETRY_STEP_MS = 60_000;

type PageJob = JobPayloads["pages"];

/** Queues a published file's pages (inside the publication's transaction); one already waiting stays as it is. */
export async function queuePageRendering(tx: Prisma.TransactionClient, assetId: string | null) {
  if (!assetId) return;
  await enqueue("pages", { assetId, nextPage: 1, attempt: 0 }, { tx, singletonKey: assetId });
}

export type PrerenderCounts = { files: number; pages: number; images: number; expired: number };
/** What a page job did, kept as the job's output. */
export type PageJobOutcome = { files: number; pages: number; images: number; nextPage: number; done: boolean; lastError: string | null };

/** One file's job: its pages from `nextPage` on until done or `budgetMs` has passed; the rest is queued again. */
export async function renderPageJob(job: PageJob, budgetMs = RUN_BUDGET_MS): Promise<PageJobOutcome> {
  const deadline = Date.now() + budgetMs;
  const outcome: PageJobOutcome = { files: 1, pages: 0, images: 0, nextPage: job.nextPage, done: false, lastError: null };
  const asset = await db.asset.findUnique({ where: { id: job.assetId }, select: { id: true, blobKey: true, fileName: true, contentType: true, size: true } });
  if (!asset) return { ...outcome, done: true }; // deleted: nothing to draw
  let n = job.nextPage;
  try {
    const { pageCount } = await readerPageList(asset, "background");
    for (; n <= pageCount && Date.now() < deadline; n++) {
      outcome.images += await prerenderPage(asset, n);
      outcome.pages++;
    }
    outcome.nextPage = n;
    outcome.done = n > pageCount;
    if (!outcome.done) await enqueue("pages", { assetId: job.assetId, nextPage: n, attempt: 0 }, { singletonKey: job.assetId });
    return outcome;
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    // A file pdf.js refuses as a whole (a 422) has nothing to draw; anything else is tried again later, after a
    // minute per failed run (a page drawn meanwhile starts the count again).
    const status = (err as { status?: number }).status;
    const failures = (n > job.nextPage ? 0 : job.attempt) + 1;
    const giveUp = status === 422 || status === 404 || failures >= MAX_ATTEMPTS;
    if (!giveUp) {
      console.error(`[pages] could not draw the pages of ${job.assetId}`, err);
      await enqueue("pages", { assetId: job.assetId, nextPage: n, attempt: failures }, { singletonKey: job.assetId, startAfter: new Date(Date.now() + RETRY_STEP_MS * failures) });
    }
    return { ...outcome, nextPage: n, done: giveUp, lastError: message };
  }
}

/** The "pages-sweep" job: derived copies whose expiry has passed are removed. */
export async function pruneExpiredDerivedInJob() {
  return { expired: await pruneExpiredDerived() };
}

/**
 * One bounded run (the cron call, tests): due page jobs in queue order until the time budget is spent; then
 * expired derived copies are removed.
 */
export async function runPageRenderJobs(budgetMs = RUN_BUDGET_MS): Promise<PrerenderCounts> {
  const counts: PrerenderCounts = { files: 0, pages: 0, images: 0, expired: 0 };
  const deadline = Date.now() + budgetMs;
  const { results } = await runJobsFor("pages", (job) => renderPageJob(job, deadline - Date.now()), budgetMs);
  for (const r of results as Partial<PageJobOutcome>[]) {
    counts.files += r.files ?? 0;
    counts.pages += r.pages ?? 0;
    counts.images += r.images ?? 0;
  }
  counts.expired = await pruneExpiredDerived();
  return counts;
}
