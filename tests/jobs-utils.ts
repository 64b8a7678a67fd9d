import type { JobName } from "@/lib/platform/jobs";
import { runDueJobs } from "@/lib/features/jobs/worker";
import { makeJobsDue } from "./db-utils";

/**
 * Runs the due jobs of `name` here (as a worker or the cron call would) and adds up the counts their runs answered;
 * `makeDue` first moves every waiting job of the queue to now.
 */
export async function runDue<T extends Record<string, number>>(name: JobName, zero: T, opts: { makeDue?: boolean } = {}): Promise<T> {
  if (opts.makeDue) await makeJobsDue(name);
  const { results } = await runDueJobs(name, 60_000);
  const sum: Record<string, number> = { ...zero };
  for (const r of results) for (const k of Object.keys(sum)) sum[k] += Number((r as Record<string, unknown> | null)?.[k] ?? 0);
  return sum as T;
}
