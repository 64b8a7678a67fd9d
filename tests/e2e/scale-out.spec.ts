/**
 * Scale-out: beyond one machine IdeaVault is stateless instances on one PostgreSQL. Two production servers
 * (A and B) on one PostgreSQL server of Debian's `postgresql` package (not the embedded one), started by this spec
 * beside the suite's own server: view limits, the timestamp job, cookies and rate limits must hold across both.
 * Skipped only when Debian's PostgreSQL binaries are absent (`.ci/run` installs them, so CI always runs it).
 */
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { test, expect, expectJson, createIdea } from "./api-helpers";
import { agree, createShare } from "./sharing-helpers";
import { startFakeNetwork, type FakeNetwork } from "../fakes/network";
import { debianPostgresBin, startCluster, type Cluster } from "./scale-out-cluster";
import { e2eAppPort, e2eFakeUrls } from "./timestamp-fakes";

const CRON_SECRET = "scale-out-cron-secret";
const bin = debianPostgresBin();

test.describe("two instances on one PostgreSQL", () => {
  test.skip(!bin, "Debian's PostgreSQL is not installed (apt-get install -y postgresql; .ci/run does it): the two-instance test needs a PostgreSQL that is not embedded.");
  // One cluster for the file's tests, in order in one worker (the suite runs fully parallel otherwise).
  test.describe.configure({ mode: "default" });

  let cluster: Cluster;
  let net: FakeNetwork;
  let A: string;
  let B: string;
  const contexts: APIRequestContext[] = [];

  test.beforeAll(async () => {
    // Two production servers starting on a busy 2-core machine.
    test.setTimeout(180_000);
    net = await startFakeNetwork({ calendars: 2, explorers: 1 });
    cluster = await startCluster({
      bin: bin!,
      env: {
        REGISTRATION_MODE: "open",
        // The real limits: the rate-limit test counts to them.
        RATE_LIMIT_SCALE: "1",
        CRON_SECRET,
        OTS_INTERVAL_S: "0",
        OTS_CALENDARS: net.calendars.map((c) => c.url).join(","),
        OTS_MIN_CALENDARS: "2",
        OTS_TIMEOUT_MS: "3000",
        ESPLORA_URL: net.explorers.map((e) => e.url).join(","),
        // The run's fake time-stamping authority (tests/e2e/global-setup.ts), never a public one.
        TSA_URLS: e2eFakeUrls(e2eAppPort()).tsa,
      },
    });
    [A, B] = cluster.bases;
  });

  test.afterAll(async () => {
    for (const c of contexts) await c.dispose();
    await cluster?.stop();
    await net?.close();
  });

  /** A browser of its own (cookie jar) whose relative calls go to `base`. */
  async function client(playwright: PlaywrightWorkerArgs["playwright"], base: string) {
    const api = await playwright.request.newContext({ baseURL: base });
    contexts.push(api);
    return api;
  }

  let accounts = 0;
  /** Registers on `base` and signs in there; answers the account and its client. */
  async function creator(playwright: PlaywrightWorkerArgs["playwright"], base: string) {
    const account = { name: "Scale Owner", email: `owner-${++accounts}-${Date.now()}@example.com`, password: "scale-out-password" };
    const api = await client(playwright, base);
    await expectJson(await api.post("/api/auth/register", { data: account }), 201);
    await expectJson(await api.post("/api/auth/login", { data: { email: account.email, password: account.password } }), 200);
    return { account, api };
  }

  const viewRows = async (shareId: string) => Number((await cluster.db.query(`SELECT count(*) FROM "ViewEvent" WHERE "shareId" = $1`, [shareId])).rows[0].count);

  test("a one-time link and a maxViews: 3 link opened on both instances at once deliver exactly 1 and 3 views", async ({ playwright }) => {
    test.setTimeout(90_000);
    const owner = await creator(playwright, A);
    const idea = await createIdea(owner.api, { title: "Scaled", content: "<p>Seen by few</p>" });
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const links = [
      { share: await createShare(owner.api, { ideaId: idea.id, shareType: "one-time" }), views: 1 },
      // Created through B: the owner's cookie from A's sign-in, sent to B by the same browser.
      { share: (await expectJson(await owner.api.post(`${B}/api/shares`, { data: { ideaId: idea.id, shareType: "time-dependent", expiresAt, maxViews: 3, recipientEmail: null } }), 201)) as { id: string; accessLink: string }, views: 3 },
    ];
    for (const { share, views } of links) {
      // Eight recipients, alternately on A and B, all agree before anyone reads; then all read at once.
      const recipients = await Promise.all(Array.from({ length: 8 }, (_, i) => client(playwright, i % 2 ? B : A)));
      for (const [i, r] of recipients.entries()) await agree(r, share.accessLink, { name: `Reader ${i}`, email: `reader${i}@example.com` });
      const answers = await Promise.all(recipients.map((r) => r.get(`/api/share/${share.accessLink}`)));
      const statuses = answers.map((a) => a.status());
      expect(statuses.filter((s) => s === 200), `statuses: ${statuses}`).toHaveLength(views);
      expect(statuses.filter((s) => s === 404), `statuses: ${statuses}`).toHaveLength(8 - views);
      for (const a of answers.filter((x) => x.status() === 200)) expect((await a.json()).idea.content).toBe("<p>Seen by few</p>");
      expect(await viewRows(share.id)).toBe(views);
    }
    const counted = (await expectJson(await owner.api.get(`/api/ideas/${idea.id}/shares`), 200)) as { id: string; viewCount: number }[];
    expect(Object.fromEntries(counted.map((s) => [s.id, s.viewCount]))).toEqual(Object.fromEntries(links.map((l) => [l.share.id, l.views])));
  });

  test("the timestamp job started on both instances at once submits each digest once", async ({ playwright }) => {
    test.setTimeout(90_000);
    const owner = await creator(playwright, B);
    const cron = (base: string) =>
      fetch(`${base}/api/cron/timestamps`, { headers: { authorization: `Bearer ${CRON_SECRET}` } }).then(async (res) => {
        expect(res.status, await res.clone().text()).toBe(200);
        return (await res.json()) as { upgrade: { checked: number; confirmed: number }; stamp: { queued: number; submitted: number } };
      });
    const queuedIds = async () => (await cluster.db.query(`SELECT "id" FROM "TimestampProof" WHERE "status" = 'queued' ORDER BY "id"`)).rows.map((r) => r.id as string);

    // Three rounds, each with fresh digests (published ideas, alternately on A and B) and both jobs started together.
    let stamped = 0;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) {
        const idea = await createIdea(owner.api, { title: `Stamp ${round}.${i}`, content: `<p>Digest ${round}.${i}</p>` });
        await expectJson(await owner.api.put(`${i % 2 ? A : B}/api/ideas/${idea.id}/publish`), 200);
      }
      const queued = await queuedIds();
      expect(queued.length).toBeGreaterThanOrEqual(3);
      const rootsBefore = net.calendars.map((c) => c.submissions.length);
      const runs = await Promise.all([cron(A), cron(B)]);
      // The jobs were fetched once each: every queued digest in exactly one run's batch.
      expect(runs[0].stamp.queued + runs[1].stamp.queued, JSON.stringify(runs)).toBe(queued.length);
      expect(runs[0].stamp.submitted + runs[1].stamp.submitted, JSON.stringify(runs)).toBe(queued.length);
      // Each batch is one Merkle root, sent once to each calendar.
      const batches = runs.filter((r) => r.stamp.queued > 0).length;
      expect(net.calendars.map((c, i) => c.submissions.length - rootsBefore[i])).toEqual(net.calendars.map(() => batches));
      const after = await cluster.db.query(`SELECT "status", "ots" IS NOT NULL AS "hasProof", "submittedAt" IS NOT NULL AS "submitted" FROM "TimestampProof" WHERE "id" = ANY($1)`, [queued]);
      expect(after.rows).toEqual(queued.map(() => ({ status: "pending", hasProof: true, submitted: true })));
      stamped += queued.length;
    }

    // Blocks are mined; both cron calls at once check and confirm each proof once. (Each proof's next check is a job
    // due later: its time comes.)
    net.mineAll();
    await cluster.db.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = 'timestamp-upgrade' AND state IN ('created', 'retry')`);
    const runs = await Promise.all([cron(A), cron(B)]);
    expect(runs[0].upgrade.checked + runs[1].upgrade.checked, JSON.stringify(runs)).toBe(stamped);
    expect(runs[0].upgrade.confirmed + runs[1].upgrade.confirmed, JSON.stringify(runs)).toBe(stamped);
    expect(Number((await cluster.db.query(`SELECT count(*) FROM "TimestampProof" WHERE "status" = 'confirmed'`)).rows[0].count)).toBe(stamped);
  });

  test("a session and a recipient cookie made on one instance work on the other", async ({ playwright }) => {
    const owner = await creator(playwright, A);
    // The session cookie A set, presented to B by another client.
    const onB = await playwright.request.newContext({ baseURL: B, storageState: await owner.api.storageState() });
    contexts.push(onB);
    expect(await expectJson(await onB.get("/api/auth/me"), 200)).toMatchObject({ email: owner.account.email });
    const stranger = await client(playwright, B);
    await expectJson(await stranger.get("/api/auth/me"), 401);
    const idea = await createIdea(onB, { title: "Written on B", content: "<p>Across instances</p>" });
    expect(((await expectJson(await owner.api.get("/api/ideas"), 200)) as { id: number }[]).map((i) => i.id)).toContain(idea.id);

    // A recipient identified and agreed on A reads on B, and comments there; the owner sees it on A.
    const share = await createShare(owner.api, { ideaId: idea.id, shareType: "full-access" });
    const onA = await client(playwright, A);
    const recipient = await agree(onA, share.accessLink, { name: "Cross Reader", email: "cross@example.com" });
    const readerOnB = await playwright.request.newContext({ baseURL: B, storageState: await onA.storageState() });
    contexts.push(readerOnB);
    expect((await expectJson(await readerOnB.get(`/api/share/${share.accessLink}`), 200)).idea.content).toBe("<p>Across instances</p>");
    // Without that cookie B shows the link but not the idea.
    expect((await expectJson(await (await client(playwright, B)).get(`/api/share/${share.accessLink}`), 200)).idea.content).toBeUndefined();
    await expectJson(await readerOnB.post(`/api/comments?token=${share.accessLink}`, { data: { recipientId: recipient.id, author: "Cross Reader", content: "Read on B" } }), 201);
    const comments = (await expectJson(await owner.api.get(`/api/comments?ideaId=${idea.id}`), 200)) as { content: string }[];
    expect(comments.map((c) => c.content)).toEqual(["Read on B"]);
  });

  test("rate limits count across both instances", async ({ playwright }) => {
    const { account } = await creator(playwright, A);
    const [onA, onB] = [await client(playwright, A), await client(playwright, B)];
    const wrong = { email: account.email, password: "not-the-password" };
    // Ten failed sign-ins per address and account are allowed in 15 minutes, wherever they land.
    for (let i = 0; i < 10; i++) await expectJson(await (i % 2 ? onB : onA).post("/api/auth/login", { data: wrong }), 401);
    // An instance counting for itself would have allowed five more on each.
    await expectJson(await onA.post("/api/auth/login", { data: wrong }), 429);
    await expectJson(await onB.post("/api/auth/login", { data: wrong }), 429);
    await expectJson(await onB.post("/api/auth/login", { data: { email: account.email, password: account.password } }), 429);
  });
});
