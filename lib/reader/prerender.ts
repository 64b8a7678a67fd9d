import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { pruneExpiredDerived } from "@/lib/files/derived";
import { prerenderPage, readerPageList } from "@/lib/reader/cache";
import { getEnv } from "@/lib/env";
import { startIntervalJob } from "@/lib/server/interval-job";

/**
 * Pages made ahead of time: publishing a PDF idea (or a version of one) queues its file here, in the publication's
 * transaction, and this job draws every page at the widths a reader asks for first (lib/reader/cache.ts
 * PRERENDER_WIDTHS), so a recipient's read is a cache hit. The queue is a table claimed with FOR UPDATE SKIP LOCKED
 * and a lease, like the timestamp proofs: any instance, or the cron call, may take a file, and a run that dies
 * leaves it to the next one once the lease has passed. Progress is kept per page, so a long file spans runs.
 */

const LEASE_MS = 2 * 60_000;
const MAX_ATTEMPTS = 5;
/** A run hands the file back after this long, so one long file does not hold the job (it continues next run). */
const RUN_BUDGET_MS = 20_000;

/** Queues a published file's pages (inside the publication's transaction); one already queued or done stays as it is. */
export async function queuePageRendering(tx: Prisma.TransactionClient, assetId: string | null) {
  if (!assetId) return;
  await tx.pageRenderJob.createMany({ data: [{ assetId }], skipDuplicates: true });
}

type Claimed = { assetId: string; nextPage: number; attempts: number; claim: string };

/** Times in SQL are the database's own clock, in UTC like the rows Prisma writes. */
async function claim(): Promise<Claimed | null> {
  const rows = await db.$queryRaw<Claimed[]>`
    UPDATE "PageRenderJob" SET "attempts" = "attempts" + 1, "claim" = gen_random_uuid()::text,
      "nextAttemptAt" = (now() AT TIME ZONE 'UTC') + make_interval(secs => ${LEASE_MS / 1000})
    WHERE "assetId" = (
      SELECT "assetId" FROM "PageRenderJob"
      WHERE "doneAt" IS NULL AND "nextAttemptAt" <= (now() AT TIME ZONE 'UTC')
      ORDER BY "nextAttemptAt", "createdAt" LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING "assetId", "nextPage", "attempts", "claim"`;
  return rows[0] ?? null;
}

/** Writes progress while the claim still holds, and extends its lease (a long page keeps the file this run's). */
async function save(job: Claimed, data: Prisma.PageRenderJobUpdateManyMutationInput) {
  await db.pageRenderJob.updateMany({
    where: { assetId: job.assetId, claim: job.claim },
    data: { nextAttemptAt: new Date(Date.now() + LEASE_MS), ...data },
  });
}

export type PrerenderCounts = { files: number; pages: number; images: number; expired: number };

/** One run: files in queue order until the time budget is spent; then expired derived copies are removed. */
export async function runPageRenderJobs(budgetMs = RUN_BUDGET_MS): Promise<PrerenderCounts> {
  const counts: PrerenderCounts = { files: 0, pages: 0, images: 0, expired: 0 };
  const deadline = Date.now() + budgetMs;
  while (Date.now() < deadline) {
    const job = await claim();
    if (!job) break;
    counts.files++;
    const asset = await db.asset.findUnique({ where: { id: job.assetId }, select: { id: true, blobKey: true, fileName: true, contentType: true, size: true } });
    if (!asset) continue; // deleted: the row went with it
    try {
      const { pageCount } = await readerPageList(asset, "background");
      let n = job.nextPage;
      for (; n <= pageCount && Date.now() < deadline; n++) {
        counts.images += await prerenderPage(asset, n);
        counts.pages++;
        await save(job, { nextPage: n + 1, attempts: 0 });
      }
      await save(job, n > pageCount ? { doneAt: new Date(), lastError: null } : { nextAttemptAt: new Date() });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      // A file pdf.js refuses as a whole (a 422) has nothing to draw; anything else is tried again later.
      const status = (err as { status?: number }).status;
      const giveUp = status === 422 || status === 404 || job.attempts >= MAX_ATTEMPTS;
      if (!giveUp) console.error(`[pages] could not draw the pages of ${job.assetId}`, err);
      await save(job, giveUp ? { doneAt: new Date(), lastError: message.slice(0, 500) } : { nextAttemptAt: new Date(Date.now() + 60_000 * job.attempts), lastError: message.slice(0, 500) });
    }
  }
  counts.expired = await pruneExpiredDerived();
  return counts;
}

/** The job in a long-running server: every PAGES_INTERVAL_S seconds (0: off; serverless uses the cron call). */
export function startPageRenderScheduler() {
  const seconds = getEnv().PAGES_INTERVAL_S;
  if (!seconds) return;
  startIntervalJob({
    name: "pages",
    intervalMs: seconds * 1000,
    run: () => runPageRenderJobs(),
    worthLogging: ({ files, expired }) => Boolean(files || expired),
  });
}
