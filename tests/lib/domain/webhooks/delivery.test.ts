import { db } from "@/lib/platform/db";
import { addComment } from "@/lib/domain/comments";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { revokeAllShares, revokeShare } from "@/lib/domain/shares";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { createWebhook } from "@/lib/domain/webhooks/endpoints";
import { enqueue } from "@/lib/platform/jobs";
import { retryDelayMs, sweepWebhookDeliveries } from "@/lib/domain/webhooks/deliver";
import { createTestDelivery, DELIVERY_RETENTION_MS } from "@/lib/domain/webhooks/queue";
import { runDueJobs, startJobWorkers, stopJobWorkers } from "@/lib/features/jobs/worker";
import { verifySignature } from "@/lib/domain/webhooks/signature";
import type { WebhookEventType } from "@/lib/domain/validation/webhooks";
import { agreedRecipient, createPublished, createRecipient, createShare, createUser, TEST_CLIENT } from "../../../factories";
import { makeJobsDue, queuedJobs, setEnv, waitingJobs } from "../../../db-utils";
import { startWebhookReceiver } from "../../../fakes/webhook-receiver";
import { settleWebhooks, useWebhookWorker } from "./helpers";

useWebhookWorker();

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(() => {
  receiver.reset();
  // The receiver is on 127.0.0.1.
  setEnv({ WEBHOOKS_ALLOW_PRIVATE: "true" });
});
afterEach(async () => {
  receiver.release();
  await settleWebhooks();
});

const ALL: WebhookEventType[] = ["nda.accepted", "view.first", "comment.created", "link.revoked", "timestamp.anchored"];

async function ownerWithEndpoint(events: WebhookEventType[] = ALL) {
  const owner = await createUser({ name: "Olivia Owner" });
  const endpoint = await createWebhook(owner.id, { url: receiver.url, events });
  const idea = await createPublished(owner.id, { title: "Solar kettle", content: "<p>The secret plan</p>" });
  const share = await createShare(owner.id, idea.id);
  return { owner, endpoint, idea, share };
}

/** A test event's delivery with its job, as an event's deliveries are queued (created `at`). */
async function queueTestEvent(endpointId: string, at?: Date) {
  const id = await createTestDelivery(endpointId, at);
  await enqueue("webhooks", { deliveryId: id });
  return id;
}

/** Its next attempt's time comes: the waiting job is made due and run. */
async function nextAttempt() {
  await makeJobsDue("webhooks");
  await settleWebhooks();
}

const bodies = () => receiver.received.map((r) => JSON.parse(r.body) as { id: string; type: string; createdAt: string; data: Record<string, unknown> });

describe("webhook events from the real flows", () => {
  it("accepting the NDA, the first view, a comment and revoking the link each deliver one signed event", async () => {
    const { owner, endpoint, idea, share } = await ownerWithEndpoint();
    const recipient = await agreedRecipient(share, { name: "Grace Hopper", email: "grace@example.com" });
    await receiver.waitFor(1);

    // Two views (a reload): one view.first.
    await getSharedIdea(share.accessLink, recipient.secrets, TEST_CLIENT);
    await getSharedIdea(share.accessLink, recipient.secrets, TEST_CLIENT);
    await addComment({ content: "Looks good", recipientId: recipient.id }, recipient.secrets, share.accessLink);
    await revokeShare(owner.id, share.id);
    await revokeShare(owner.id, share.id); // again: no second event
    await settleWebhooks();
    await receiver.waitFor(4);

    expect(bodies().map((b) => b.type).sort()).toEqual(["comment.created", "link.revoked", "nda.accepted", "view.first"]);
    for (const r of receiver.received) expect(verifySignature(endpoint.secret, String(r.headers["ideavault-signature"]), r.body)).toBe(true);
    const byType = Object.fromEntries(bodies().map((b) => [b.type, b]));
    const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: recipient.id } });
    const person = { id: recipient.id, name: "Grace Hopper", email: "grace@example.com" };
    expect(byType["nda.accepted"].data).toEqual({ ideaId: idea.id, ideaTitle: "Solar kettle", ndaId: nda.id, shareId: share.id, version: 1, recipient: person, acceptedAt: nda.acceptedAt.toISOString() });
    expect(byType["view.first"].data).toEqual({ ideaId: idea.id, ideaTitle: "Solar kettle", shareId: share.id, version: 1, recipient: person, viewedAt: expect.any(String) });
    const comment = await db.comment.findFirstOrThrow();
    expect(byType["comment.created"].data).toEqual({ ideaId: idea.id, ideaTitle: "Solar kettle", commentId: comment.id, shareId: share.id, recipient: person, createdAt: comment.createdAt.toISOString() });
    const revoked = await db.share.findUniqueOrThrow({ where: { id: share.id } });
    expect(byType["link.revoked"].data).toEqual({ ideaId: idea.id, ideaTitle: "Solar kettle", shareId: share.id, revokedAt: revoked.revokedAt!.toISOString() });
    // Never the idea's content, nor the comment's text.
    for (const r of receiver.received) {
      expect(r.body).not.toContain("secret plan");
      expect(r.body).not.toContain("Looks good");
    }
    const deliveries = await db.webhookDelivery.findMany({ include: { attemptLog: true } });
    expect(deliveries).toHaveLength(4);
    for (const d of deliveries) {
      expect(d).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200 });
      expect(d.attemptLog).toEqual([expect.objectContaining({ attempt: 1, ok: true, statusCode: 200, error: null })]);
    }
  });

  it("'Revoke all links' announces each link it revoked once, and none already revoked", async () => {
    const { owner, idea, share } = await ownerWithEndpoint(["link.revoked"]);
    const second = await createShare(owner.id, idea.id);
    const earlier = await createShare(owner.id, idea.id);
    await revokeShare(owner.id, earlier.id);
    await receiver.waitFor(1);
    receiver.reset();

    expect(await revokeAllShares(owner.id, idea.id)).toEqual({ success: true, revoked: 2 });
    await revokeAllShares(owner.id, idea.id); // again: nothing left to revoke, no event
    await settleWebhooks();
    await receiver.waitFor(2);
    const shareIds = bodies().map((b) => (b.type === "link.revoked" ? b.data.shareId : null));
    expect(shareIds.sort()).toEqual([share.id, second.id].sort());
  });

  it("sends only the events an endpoint chose, only to the idea owner's endpoints", async () => {
    const { share } = await ownerWithEndpoint(["link.revoked"]);
    const stranger = await createUser();
    await createWebhook(stranger.id, { url: `${receiver.url}/stranger`, events: ALL });
    await agreedRecipient(share);
    await settleWebhooks();
    expect(receiver.received).toHaveLength(0);
    expect(await db.webhookDelivery.count()).toBe(0);
  });

  it("never makes the triggering call wait: a comment is stored while the receiver hangs", async () => {
    const { share } = await ownerWithEndpoint(["comment.created"]);
    const recipient = await agreedRecipient(share);
    receiver.state.hang = true;
    const started = Date.now();
    const comment = await addComment({ content: "Hello", recipientId: recipient.id }, recipient.secrets, share.accessLink);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(comment.content).toBe("Hello");
    await receiver.waitFor(1); // the attempt is under way, and hanging: its job is held (leased) by the worker
    expect(await db.webhookDelivery.findFirstOrThrow()).toMatchObject({ status: "pending", attempts: 0 });
    expect((await queuedJobs("webhooks")).map((j) => j.state)).toEqual(["active"]);
    receiver.release();
    await settleWebhooks();
    expect(await db.webhookDelivery.findFirstOrThrow()).toMatchObject({ status: "delivered" });
  });

  it("delivers within 5 s of the event when the receiver is up", async () => {
    const { share } = await ownerWithEndpoint(["nda.accepted"]);
    const recipient = await createRecipient(share);
    const started = Date.now();
    await acceptNda(recipient.id, recipient.secrets, TEST_CLIENT);
    const [received] = await receiver.waitFor(1);
    const latency = received.at - started;
    console.log(`[webhooks] nda.accepted reached the receiver ${latency} ms after the call began`);
    expect(latency).toBeLessThan(5000);
  });
});

describe("retries, backoff and the log", () => {
  it("retries after a 500 on the backoff schedule, then delivers; each attempt is logged", async () => {
    const owner = await createUser();
    const endpoint = await createWebhook(owner.id, { url: receiver.url, events: ALL });
    receiver.answers.push(500, 503);
    const t0 = Date.now();
    const id = await queueTestEvent(endpoint.id);
    await settleWebhooks();
    let row = await db.webhookDelivery.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500, lastError: "HTTP 500" });
    expect(row.nextAttemptAt.getTime() - row.lastAttemptAt!.getTime()).toBe(30_000);
    // The next attempt is a job due then.
    expect((await waitingJobs("webhooks")).map((j) => [j.data, j.startAfter.getTime()])).toEqual([[{ deliveryId: id }, row.nextAttemptAt.getTime()]]);
    // Not due yet: nothing is sent.
    await settleWebhooks();
    expect(receiver.received).toHaveLength(1);
    await nextAttempt();
    row = await db.webhookDelivery.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "pending", attempts: 2, lastStatusCode: 503 });
    expect(row.nextAttemptAt.getTime() - row.lastAttemptAt!.getTime()).toBe(120_000);
    await settleWebhooks();
    expect(receiver.received).toHaveLength(2);
    await nextAttempt();
    row = await db.webhookDelivery.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "delivered", attempts: 3, lastStatusCode: 200, lastError: null });
    expect(await waitingJobs("webhooks")).toEqual([]);
    const log = await db.webhookAttempt.findMany({ where: { deliveryId: id }, orderBy: { attempt: "asc" } });
    expect(log.map((a) => [a.attempt, a.ok, a.statusCode])).toEqual([[1, false, 500], [2, false, 503], [3, true, 200]]);
    // The same body each time, each signed at its own time.
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    for (const r of receiver.received) expect(verifySignature(endpoint.secret, String(r.headers["ideavault-signature"]), r.body, new Date(t0 + 100_000))).toBe(true);
  });

  it("backs off 30 s × 4ⁿ up to 6 h, and gives up 24 h after the event", async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n) / 1000)).toEqual([30, 120, 480, 1920, 7680, 21600, 21600, 21600]);
    const owner = await createUser();
    const endpoint = await createWebhook(owner.id, { url: receiver.url, events: ALL });
    const id = await queueTestEvent(endpoint.id, new Date(Date.now() - 23.9 * 3600_000));
    await db.webhookDelivery.update({ where: { id }, data: { attempts: 9 } });
    receiver.answers.push(500);
    await settleWebhooks();
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "failed", attempts: 10, lastStatusCode: 500 });
    // Nothing is tried again.
    expect(await waitingJobs("webhooks")).toEqual([]);
  });

  it("a receiver that is down is retried (no response code logged)", async () => {
    const owner = await createUser();
    const endpoint = await createWebhook(owner.id, { url: receiver.url, events: ALL });
    const { deadUrl } = await import("../../../fakes/http-server");
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { url: await deadUrl() } });
    const id = await queueTestEvent(endpoint.id);
    await settleWebhooks();
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "pending", attempts: 1 });
    expect(await waitingJobs("webhooks")).toHaveLength(1);
    const [attempt] = await db.webhookAttempt.findMany({ where: { deliveryId: id } });
    expect(attempt).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it("runs at once (two cron calls beside the worker) never send one delivery twice", async () => {
    const owner = await createUser();
    const endpoint = await createWebhook(owner.id, { url: receiver.url, events: ALL });
    const ids = [];
    for (let i = 0; i < 20; i++) ids.push(await createTestDelivery(endpoint.id));
    await Promise.all(ids.map((deliveryId) => enqueue("webhooks", { deliveryId })));
    await Promise.all([runDueJobs("webhooks", 30_000), runDueJobs("webhooks", 30_000)]);
    await settleWebhooks();
    const sent = receiver.received.map((r) => String(r.headers["ideavault-delivery"]));
    expect(sent.sort()).toEqual([...ids].sort());
    expect(await db.webhookAttempt.count()).toBe(20);
    expect(await db.webhookDelivery.count({ where: { status: "delivered", attempts: 1 } })).toBe(20);
  });

  it("a worker skips a delivery whose job another one holds instead of waiting for it", async () => {
    const owner = await createUser();
    const endpoint = await createWebhook(owner.id, { url: receiver.url, events: ALL });
    const held = await createTestDelivery(endpoint.id);
    const free = await createTestDelivery(endpoint.id);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The held job is queued and locked while no worker runs, so no worker can take it before the lock does.
    await stopJobWorkers();
    await enqueue("webhooks", { deliveryId: held });
    const holder = db.$transaction(
      async (tx) => {
        await tx.$queryRawUnsafe(`SELECT 1 FROM pgboss.job WHERE name = 'webhooks' AND data->>'deliveryId' = $1 FOR UPDATE`, held);
        locked();
        await gate;
      },
      { timeout: 60_000 },
    );
    await isLocked;
    try {
      await startJobWorkers(["webhooks"]);
      await enqueue("webhooks", { deliveryId: free });
      await receiver.waitFor(1);
      expect(receiver.received.map((r) => r.headers["ideavault-delivery"])).toEqual([free]);
    } finally {
      release();
      await holder;
    }
    await settleWebhooks();
    expect(receiver.received.map((r) => r.headers["ideavault-delivery"])).toEqual([free, held]);
  });
});

describe("retention", () => {
  it("the periodic job deletes finished deliveries older than 30 days with their log, keeps the rest, and gives a pending one without a job its job", async () => {
    const { endpoint } = await ownerWithEndpoint(["nda.accepted"]);
    const now = Date.now();
    const old = new Date(now - DELIVERY_RETENTION_MS - 60_000);
    const recent = new Date(now - DELIVERY_RETENTION_MS + 3600_000);
    const make = (status: "delivered" | "failed" | "pending", createdAt: Date) =>
      db.webhookDelivery.create({
        data: {
          endpointId: endpoint.id,
          eventId: `evt_${status}_${createdAt.getTime()}`,
          eventType: "nda.accepted",
          payload: "{}",
          status,
          createdAt,
          // A pending one is due in an hour (its job, once adopted, too).
          nextAttemptAt: new Date(now + 3600_000),
          attemptLog: { create: [{ attempt: 1, ok: status === "delivered", durationMs: 5 }] },
        },
        select: { id: true },
      });
    const oldDelivered = await make("delivered", old);
    const oldFailed = await make("failed", old);
    const oldPending = await make("pending", old);
    const recentDelivered = await make("delivered", recent);

    expect(await sweepWebhookDeliveries()).toEqual({ pruned: 2, adopted: 1 });
    expect((await waitingJobs("webhooks")).map((j) => [j.data, j.startAfter.getTime()])).toEqual([[{ deliveryId: oldPending.id }, now + 3600_000]]);
    expect(await sweepWebhookDeliveries()).toEqual({ pruned: 0, adopted: 0 });

    const left = (await db.webhookDelivery.findMany({ select: { id: true } })).map((d) => d.id).sort();
    expect(left).toEqual([oldPending.id, recentDelivered.id].sort());
    expect(await db.webhookAttempt.count({ where: { deliveryId: { in: [oldDelivered.id, oldFailed.id] } } })).toBe(0);
  });
});

describe("private addresses at delivery time", () => {
  it("refuses to connect once private addresses are not allowed, including a name that resolves to loopback", async () => {
    const owner = await createUser();
    const endpoint = await createWebhook(owner.id, { url: receiver.url, events: ALL });
    setEnv({ WEBHOOKS_ALLOW_PRIVATE: "false" });
    const direct = await queueTestEvent(endpoint.id);
    // Stored as if it had passed the check when saved: a public name that now resolves to 127.0.0.1 (DNS rebinding).
    const byName = await createWebhook(owner.id, { url: "https://ideavault.invalid/hooks", events: ALL });
    await db.webhookEndpoint.update({ where: { id: byName.id }, data: { url: `https://localhost:${receiver.port}/hooks` } });
    const rebound = await queueTestEvent(byName.id);
    await settleWebhooks();
    expect(receiver.received).toHaveLength(0);
    const rows = await db.webhookDelivery.findMany({ where: { id: { in: [direct, rebound] } }, include: { attemptLog: true } });
    for (const row of rows) {
      expect(row.status).toBe("failed");
      expect(row.attemptLog).toEqual([expect.objectContaining({ ok: false, statusCode: null, error: expect.stringMatching(/^Refused: /) })]);
    }
  });
});
