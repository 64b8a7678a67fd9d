import { startIntervalJob, stopAllIntervalJobs } from "@/lib/server/interval-job";

/** Resolves once `check` holds, polling on the event loop (no fixed sleep decides anything). */
async function until(check: () => boolean) {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}

describe("stopAllIntervalJobs", () => {
  it("waits for the run under way to end, and no run starts after it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let runs = 0;
    let finished = 0;
    startIntervalJob({
      name: "test-stop-all",
      intervalMs: 10,
      firstRunMs: 0,
      run: async () => {
        runs++;
        await gate;
        finished++;
      },
      worthLogging: () => false,
    });
    await until(() => runs === 1);

    let stopped = false;
    const stopping = stopAllIntervalJobs(10_000).then(() => (stopped = true));
    // The run is still waiting on the gate: stopping waits with it.
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(1);
    // Several intervals later, still the one run.
    await new Promise((r) => setTimeout(r, 60));
    expect(runs).toBe(1);
  });

  it("gives up waiting after waitMs", async () => {
    let runs = 0;
    startIntervalJob({ name: "test-stuck", intervalMs: 10, firstRunMs: 0, run: () => (runs++, new Promise(() => {})), worthLogging: () => false });
    await until(() => runs === 1);
    const started = Date.now();
    await stopAllIntervalJobs(100);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });
});
