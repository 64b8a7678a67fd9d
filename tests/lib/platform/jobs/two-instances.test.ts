import PgBoss from "pg-boss";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { enqueue } from "@/lib/platform/jobs";
import { bossOptions } from "@/lib/platform/jobs/queues";
import { queuedJobs } from "../../../db-utils";

/**
 * The job queue across instances: two pg-boss instances (each with its own pool, as two servers have) work one
 * database. Jobs are the "webhooks" queue's, run here by a counting handler instead of the deliveries.
 */
const instances: PgBoss[] = [];
async function instance(options: PgBoss.ConstructorOptions = {}) {
  const boss = new PgBoss(bossOptions(getEnv().DATABASE_URL!, { max: 2, migrate: false, supervise: false, schedule: false, ...options }));
  boss.on("error", (err) => console.error(err));
  await boss.start();
  instances.push(boss);
  return boss;
}
afterEach(async () => {
  for (const boss of instances.splice(0)) await boss.stop({ graceful: true, wait: true, timeout: 5000 });
});

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("one job queue, two instances", () => {
  it("a job enqueued is run exactly once with two workers on one database", async () => {
    const runs: string[] = [];
    const [a, b] = [await instance(), await instance()];
    for (const [name, boss] of [["a", a], ["b", b]] as const) {
      await boss.work<{ ids: string[] }>("webhooks", { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
        runs.push(`${name}:${job.data.ids[0]}`);
      });
    }
    const ids = Array.from({ length: 40 }, (_, i) => `job-${i}`);
    await Promise.all(ids.map((id) => enqueue("webhooks", { ids: [id] })));
    await until(async () => (await queuedJobs("webhooks")).every((j) => j.state === "completed"), "every job to complete");
    const ran = runs.map((r) => r.slice(2)).sort();
    expect(ran).toEqual([...ids].sort());
    // Both instances took part (neither ran everything alone), which is what makes "once" meaningful.
    expect(new Set(runs.map((r) => r[0])).size).toBe(2);
  });

  it("a job is enqueued inside the caller's transaction: rolled back with it, committed with it", async () => {
    await db.$transaction(async (tx) => {
      await enqueue("webhooks", { ids: ["kept"] }, { tx });
    });
    await db
      .$transaction(async (tx) => {
        await enqueue("webhooks", { ids: ["dropped"] }, { tx });
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    expect((await queuedJobs("webhooks")).map((j) => j.data)).toEqual([{ ids: ["kept"] }]);
  });

  it("survives a restart, and a job whose worker died is run by the other instance once its lease has passed", async () => {
    // Queued while no worker runs (a server restarting): it waits in PostgreSQL.
    await enqueue("webhooks", { ids: ["orphan"] });
    const a = await instance();
    const [taken] = await a.fetch("webhooks");
    expect(taken.data).toEqual({ ids: ["orphan"] });
    // Instance A dies holding it (never completes). Shorten its lease so the test does not wait the queue's.
    await db.$executeRawUnsafe(`UPDATE pgboss.job SET expire_in = interval '1 second', retry_limit = 1, retry_delay = 0 WHERE id = $1::uuid`, taken.id);
    const b = await instance();
    const runs: string[] = [];
    await b.work<{ ids: string[] }>("webhooks", { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      runs.push(job.data.ids[0]);
    });
    await until(async () => {
      await b.maintain();
      return (await queuedJobs("webhooks"))[0].state === "completed";
    }, "the orphaned job to be run again");
    expect(runs).toEqual(["orphan"]);
  });
});
