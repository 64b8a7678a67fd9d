// Validates the configuration once when a server instance starts (on Vercel there is no scripts/serve.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getEnv } = await import("./lib/env");
    getEnv();
  }
}
