import PgBoss from "pg-boss";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { listOutbox } from "@/lib/platform/email/outbox";
import { enqueue, type AnyJobHandler, type JobName, type JobPayloads } from "@/lib/platform/jobs";
import { bossOptions } from "@/lib/platform/jobs/queues";
import { jobHandler } from "@/lib/features/jobs/worker";
import { createIdea, publishIdea } from "@/lib/domain/ideas";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { attemptDelivery } from "@/lib/domain/webhooks/deliver";
import { createWebhook } from "@/lib/domain/webhooks/endpoints";
import { createTestDelivery } from "@/lib/domain/webhooks/queue";
import { makeJobsDue, queuedJobs, setEnv } from "../../../db-utils";
import { TEST_CLIENT, createDraft, createRecipient, createShare, createUser } from "../../../factories";
import { startFakeNetwork } from "../../../fakes/network";
import { startWebhookReceiver } from "../../../fakes/webhook-receiver";
import { configure } from "../../domain/timestamps/helpers";

/**
 * The job queue across instances: two pg-boss instances (each with its own pool, as two servers have) work one
 * database. The first jobs are the "webhooks" queue's, run by a counting handler; then each domain queue's jobs run
 * with their real handlers on both instances.
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
      await boss.work<{ deliveryId: string }>("webhooks", { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
        runs.push(`${name}:${job.data.deliveryId}`);
      });
    }
    const ids = Array.from({ length: 40 }, (_, i) => `job-${i}`);
    await Promise.all(ids.map((id) => enqueue("webhooks", { deliveryId: id })));
    await until(async () => (await queuedJobs("webhooks")).every((j) => j.state === "completed"), "every job to complete");
    const ran = runs.map((r) => r.slice(2)).sort();
    expect(ran).toEqual([...ids].sort());
    // Both instances took part (neither ran everything alone), which is what makes "once" meaningful.
    expect(new Set(runs.map((r) => r[0])).size).toBe(2);
  });

  it("a job is enqueued inside the caller's transaction: rolled back with it, committed with it", async () => {
    await db.$transaction(async (tx) => {
      await enqueue("webhooks", { deliveryId: "kept" }, { tx });
    });
    await db
      .$transaction(async (tx) => {
        await enqueue("webhooks", { deliveryId: "dropped" }, { tx });
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    expect((await queuedJobs("webhooks")).map((j) => j.data)).toEqual([{ deliveryId: "kept" }]);
  });

  it("survives a restart, and a job whose worker died is run by the other instance once its lease has passed", async () => {
    // Queued while no worker runs (a server restarting): it waits in PostgreSQL.
    await enqueue("webhooks", { deliveryId: "orphan" });
    const a = await instance();
    const [taken] = await a.fetch("webhooks");
    expect(taken.data).toEqual({ deliveryId: "orphan" });
    // Instance A dies holding it (never completes). Shorten its lease so the test does not wait the queue's.
    await db.$executeRawUnsafe(`UPDATE pgboss.job SET expire_in = interval '1 second', retry_limit = 1, retry_delay = 0 WHERE id = $1::uuid`, taken.id);
    const b = await instance();
    const runs: string[] = [];
    await b.work<{ deliveryId: string }>("webhooks", { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      runs.push(job.data.deliveryId);
    });
    await until(async () => {
      await b.maintain();
      return (await queuedJobs("webhooks"))[0].state === "completed";
    }, "the orphaned job to be run again");
    expect(runs).toEqual(["orphan"]);
  });
});

/** Both instances work `name` with its real handler (batches as a server takes them); answers who ran what. */
async function workOnBoth<N extends JobName>(name: N) {
  const runs: { instance: string; jobs: number; output: unknown }[] = [];
  const handler = jobHandler(name) as AnyJobHandler<N>;
  for (const label of ["a", "b"]) {
    const boss = await instance();
    if (typeof handler === "function") {
      await boss.work<JobPayloads[N]>(name, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        runs.push({ instance: label, jobs: 1, output: await handler(job.data, job) });
      });
    } else {
      await boss.work<JobPayloads[N]>(name, { pollingIntervalSeconds: 0.5, batchSize: handler.batchSize }, async (jobs) => {
        runs.push({ instance: label, jobs: jobs.length, output: await handler.run(jobs) });
      });
    }
  }
  return runs;
}

async function idle(name: JobName) {
  await until(async () => (await queuedJobs(name)).every((j) => j.state === "completed"), `every ${name} job to complete`);
}

describe("the domain's jobs on two instances", () => {
  it("each webhook delivery is attempted once", async () => {
    setEnv({ WEBHOOKS_ALLOW_PRIVATE: "true" });
    const receiver = await startWebhookReceiver();
    try {
      const owner = await createUser();
      const endpoint = await createWebhook(owner.id, { url: receiver.url, events: ["nda.accepted"] });
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push(await createTestDelivery(endpoint.id));
      const runs = await workOnBoth("webhooks");
      await Promise.all(ids.map((deliveryId) => enqueue("webhooks", { deliveryId })));
      await idle("webhooks");
      expect(receiver.received.map((r) => String(r.headers["ideavault-delivery"])).sort()).toEqual([...ids].sort());
      expect(await db.webhookAttempt.count()).toBe(20);
      expect(runs.filter((r) => r.output === "delivered")).toHaveLength(20);
    } finally {
      await receiver.close();
    }
  });

  it("each queued proof is stamped once", async () => {
    const net = await startFakeNetwork({ calendars: 2, explorers: 1 });
    try {
      configure(net);
      const user = await createUser();
      const runs = await workOnBoth("stamp");
      for (let i = 0; i < 8; i++) await publishIdea(user.id, (await createIdea(user.id, { title: `Idea ${i}`, content: `<p>${i}</p>` })).id);
      await idle("stamp");
      const stamped = runs.map((r) => r.output as { queued: number; submitted: number });
      expect(stamped.reduce((n, r) => n + r.queued, 0)).toBe(8);
      expect(stamped.reduce((n, r) => n + r.submitted, 0)).toBe(8);
      expect(await db.timestampProof.count({ where: { status: "pending" } })).toBe(8);
      // Each proof's first calendar check is queued once.
      expect(await queuedJobs("timestamp-upgrade")).toHaveLength(8);
    } finally {
      await net.close();
    }
  });

  it("each recipient's burst is mailed once", async () => {
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id, { title: "Solar Kettle" })).id);
    for (let i = 0; i < 6; i++) {
      const r = await createRecipient(share, { name: `Reader ${i}`, email: `reader-${i}@example.com` });
      await acceptNda(r.id, r.secrets, TEST_CLIENT);
      await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    }
    expect(await makeJobsDue("owner-mail")).toBe(6);
    await workOnBoth("owner-mail");
    await idle("owner-mail");
    const mails = (await listOutbox(500)).filter((m) => m.to === owner.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `Reader ${i} accepted the NDA and opened "Solar Kettle"`).sort());
  });

  it("an attempt whose lease ran out writes nothing; the instance that took the job over records the delivery once", async () => {
    setEnv({ WEBHOOKS_ALLOW_PRIVATE: "true" });
    const receiver = await startWebhookReceiver();
    try {
      const owner = await createUser();
      const endpoint = await createWebhook(owner.id, { url: receiver.url, events: ["nda.accepted"] });
      const id = await createTestDelivery(endpoint.id);
      await enqueue("webhooks", { deliveryId: id });
      const a = await instance();
      const [stale] = await a.fetch<JobPayloads["webhooks"]>("webhooks");
      // Instance A is too slow: its lease runs out and the library puts the job back.
      await db.$executeRawUnsafe(`UPDATE pgboss.job SET expire_in = interval '1 second', retry_delay = 0 WHERE id = $1::uuid`, stale.id);
      const b = await instance();
      await until(async () => {
        await b.maintain();
        return (await queuedJobs("webhooks"))[0].state === "retry";
      }, "the lease to run out");
      // A's late attempt reaches the receiver, but its outcome is not written.
      expect(await attemptDelivery(id, stale)).toBeNull();
      expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "pending", attempts: 0 });
      expect(await db.webhookAttempt.count()).toBe(0);
      // B takes the job over and records its attempt.
      const handler = jobHandler("webhooks") as (data: JobPayloads["webhooks"], job: PgBoss.Job<JobPayloads["webhooks"]>) => Promise<unknown>;
      await b.work<JobPayloads["webhooks"]>("webhooks", { pollingIntervalSeconds: 0.5 }, async ([job]) => handler(job.data, job));
      await idle("webhooks");
      expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "delivered", attempts: 1 });
      expect(await db.webhookAttempt.count()).toBe(1);
    } finally {
      await receiver.close();
    }
  });
});
