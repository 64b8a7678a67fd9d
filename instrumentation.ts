// Validates the configuration once when a server instance starts (on Vercel there is no scripts/serve.ts), and
// starts the in-process timestamp job in a long-running server (Vercel runs it through its cron call instead).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getEnv } = await import("./lib/env");
    const env = getEnv();
    if (env.IDEAVAULT_CUSTOM_SERVER && !env.VERCEL && env.OTS_INTERVAL_S > 0) {
      const { startTimestampScheduler } = await import("./lib/timestamps/scheduler");
      startTimestampScheduler();
    }
  }
}
