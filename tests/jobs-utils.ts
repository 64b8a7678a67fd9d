import type { JobName } from "@/lib/platform/jobs";
import { runDueJobsCounting } from "@/lib/features/jobs/worker";
import { makeJobsDue } from "./db-utils";

/**
 * Runs the due jobs of `name` here (as a worker or the cron call would) and adds up the counts their runs answered;
 * `makeDue` first moves every waiting job of the queue to now.
 */
export async function runDue<T extends Record<string, number>>(name: JobName, zero: T, opts: { makeDue?: boolean } = {}): Promise<T> {
  if (opts.makeDue) await makeJobsDue(name);
  return runDueJobsCounting(name, zero, 60_000);
}
