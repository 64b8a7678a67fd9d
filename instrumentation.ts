// Validates the configuration once when a server instance starts (on Vercel there is no scripts/serve.ts), and
// starts the in-process timestamp job in a long-running server (Vercel runs it through its cron call instead), after
// queueing what older releases left without a proof (on Vercel only the cron call does that: an instance start there
// is every cold start of a function, many at once, each one paying for it).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getEnv } = await import("./lib/env");
    const env = getEnv();
    if (env.IDEAVAULT_CUSTOM_SERVER && !env.VERCEL) {
      // scripts/serve.ts applied the migrations before Next started: ideas published and agreements accepted before
      // timestamps existed are queued now, in the background (the job's runs catch up on anything this misses).
      const { queueMissingProofsInBackground } = await import("./lib/timestamps/backfill");
      queueMissingProofsInBackground();
      // Webhook retries and leftovers, every few seconds (new events are attempted right after their request).
      const { startWebhookScheduler } = await import("./lib/webhooks/scheduler");
      startWebhookScheduler();
      // The owner's recipient mails, one per burst, once each burst's window has closed.
      const { startOwnerNotificationScheduler } = await import("./lib/notifications/scheduler");
      startOwnerNotificationScheduler();
      // PDF pages are drawn in child processes: started now, so the first page does not wait for pdf.js to load;
      // and the pages of newly published PDFs are drawn ahead of time.
      const { warmRenderPool } = await import("./lib/reader/pool");
      warmRenderPool();
      const { startPageRenderScheduler } = await import("./lib/reader/prerender");
      startPageRenderScheduler();
      if (env.OTS_INTERVAL_S > 0) {
        const { startTimestampScheduler } = await import("./lib/timestamps/scheduler");
        startTimestampScheduler();
      }
    }
  }
}
