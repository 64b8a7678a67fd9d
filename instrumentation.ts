// Validates the configuration once when a server instance starts (on Vercel there is no scripts/serve.ts), and
// starts the job workers in a long-running server (Vercel runs the queues through its cron calls instead), after
// queueing what older releases left without a proof (on Vercel only the cron call does that: an instance start there
// is every cold start of a function, many at once, each one paying for it).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getEnv } = await import("./lib/platform/env");
    const env = getEnv();
    if (env.IDEAVAULT_CUSTOM_SERVER && !env.VERCEL) {
      // scripts/serve.ts applied the migrations (and installed the job queues) before Next started: ideas published
      // and agreements accepted before timestamps existed are queued now, in the background (the job's runs catch up
      // on anything this misses).
      const { queueMissingProofsInBackground } = await import("./lib/domain/evidence/backfill");
      queueMissingProofsInBackground();
      // PDF pages are drawn in child processes: started now, so the first page does not wait for pdf.js to load.
      const { warmRenderPool } = await import("./lib/domain/reader/pool");
      warmRenderPool();
      // Every queue (lib/platform/jobs): timestamps every OTS_INTERVAL_S, webhook deliveries and retries, the owner's
      // recipient mails once each burst's window has closed, the pages of newly published PDFs.
      const { startJobWorkers } = await import("./lib/features/jobs/worker");
      await startJobWorkers();
    }
  }
}
