import { runJobsUntilIdle, startJobWorkers, stopJobWorkers } from "@/lib/features/jobs/worker";

/**
 * A worker for the "webhooks" queue in this test file, as a long-running server has: a delivery is attempted in the
 * background, not by the test. Periodic jobs are not started (the tests move their clock themselves).
 */
export function useWebhookWorker() {
  beforeAll(async () => {
    await startJobWorkers(["webhooks"]);
  });
  afterAll(async () => {
    await stopJobWorkers();
  });
}

/** Waits until every due delivery job has run. */
export async function settleWebhooks() {
  await runJobsUntilIdle(["webhooks"]);
}
