import "server-only";
import { onShutdown } from "@/lib/server/shutdown";

type IntervalJob = {
  /** Names the job in logs and keys its timer on globalThis (a dev server's reload replaces it, never doubles it). */
  name: string;
  intervalMs: number;
  /** One run; what it returns is logged when `worthLogging` says so. */
  run: () => Promise<unknown>;
  worthLogging: (result: never) => boolean;
  /** A first run this long after start, besides the interval's. */
  firstRunMs?: number;
};

type JobState = { timer: NodeJS.Timeout; running: boolean; stopped: boolean };

const jobs = globalThis as unknown as { __ideavaultJobs?: Map<string, JobState> };

/**
 * A queue worker inside a long-running server (`npm run dev` / `npm start`): every `intervalMs`, never two runs of
 * this process at once. The timer only decides when to look; what is due lives in PostgreSQL (claimed with
 * FOR UPDATE SKIP LOCKED), so other instances and the serverless cron calls may do the work instead.
 */
export function startIntervalJob<R>({ name, intervalMs, run, worthLogging, firstRunMs }: Omit<IntervalJob, "run" | "worthLogging"> & { run: () => Promise<R>; worthLogging: (result: R) => boolean }) {
  const all = (jobs.__ideavaultJobs ??= new Map());
  const previous = all.get(name);
  if (previous) clearInterval(previous.timer);
  const state: JobState = { running: false, stopped: false, timer: setInterval(() => void tick(), intervalMs) };
  async function tick() {
    if (state.running || state.stopped) return;
    state.running = true;
    try {
      const result = await run();
      if (worthLogging(result)) console.log(`[${name}] ${JSON.stringify(result)}`);
    } catch (err) {
      console.error(`[${name}] run failed`, err);
    } finally {
      state.running = false;
    }
  }
  state.timer.unref();
  all.set(name, state);
  onShutdown("interval jobs", 0, () => stopAllIntervalJobs(5000));
  if (firstRunMs !== undefined) setTimeout(() => void tick(), firstRunMs).unref();
}

/** Stops a job started by startIntervalJob (no-op when it is not running). */
export function stopIntervalJob(name: string) {
  const job = jobs.__ideavaultJobs?.get(name);
  if (!job) return;
  job.stopped = true;
  clearInterval(job.timer);
  jobs.__ideavaultJobs?.delete(name);
}

/**
 * Stops every job and waits (at most `waitMs`) for the runs under way to end: the server's shutdown calls it before
 * it stops the embedded database, so no run is cut off mid-query and logged as a failure.
 */
export async function stopAllIntervalJobs(waitMs: number) {
  const all = [...(jobs.__ideavaultJobs?.values() ?? [])];
  for (const job of all) {
    job.stopped = true;
    clearInterval(job.timer);
  }
  jobs.__ideavaultJobs?.clear();
  const deadline = Date.now() + waitMs;
  while (all.some((job) => job.running) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}
