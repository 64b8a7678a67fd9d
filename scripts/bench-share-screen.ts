/**
 * The share screen's data and the reading overview, measured in-process on a throw-away embedded PostgreSQL (or
 * DATABASE_URL's): an idea with LINKS links, each with RECIPIENTS agreed recipients who each viewed it twice and read
 * 6 of 8 pages. Times each call the screen makes (the page's own loads, then the browser's GETs), warm, median and p95.
 *
 *   DATA_DIR=$(mktemp -d) npx tsx --import ./scripts/allow-server-only.mjs scripts/bench-share-screen.ts
 */
import { runScript } from "./script-db";

const LINKS = Number(process.env.BENCH_LINKS ?? 4);
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 25);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

async function timed(name: string, fn: () => Promise<unknown>) {
  await fn(); // warm: prepared plans, caches
  const ms: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    await fn();
    ms.push(performance.now() - start);
  }
  console.log(`${name.padEnd(44)} p50 ${pct(ms, 50).toFixed(1).padStart(7)} ms   p95 ${pct(ms, 95).toFixed(1).padStart(7)} ms`);
}

async function main() {
  const { db } = await import("../lib/platform/db");
  const { createIdea, publishIdea, findIdeaSummary } = await import("../lib/domain/ideas");
  const { createShareLink, listShares } = await import("../lib/domain/shares");
  const { listComments } = await import("../lib/domain/comments");
  const { listIdeaRecipients, listShareRecipients } = await import("../lib/domain/shares/recipient-evidence");
  const { listActivity } = await import("../lib/domain/activity");
  const { readerOverview } = await import("../lib/features/activity/readers");
  const { createRecipient } = await import("../lib/domain/recipients/identify");
  const { acceptLinkNda } = await import("../lib/domain/rooms/agreement");

  const owner = await db.user.create({ data: { name: "Bench", email: `bench-${Date.now()}@example.com` } });
  const draft = await createIdea(owner.id, { title: "Bench idea", content: "<p>Body</p>" });
  const idea = await publishIdea(owner.id, draft.id);
  const client = { ip: "127.0.0.1", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" };
  const links: string[] = [];
  for (let l = 0; l < LINKS; l++) {
    const link = await createShareLink(owner.id, { ideaId: idea.id, shareType: "full-access", name: `Link ${l}` } as never, "http://localhost");
    links.push(link.id);
    for (let r = 0; r < RECIPIENTS; r++) {
      const created = await createRecipient({ name: `Reader ${l}-${r}`, email: `reader-${l}-${r}@example.com`, phone: null, accessToken: link.accessLink }, client);
      await acceptLinkNda(created.recipient.id, [created.secret], client);
      for (let k = 0; k < 2; k++) {
        const view = await db.viewEvent.create({ data: { shareId: link.id, recipientId: created.recipient.id, ideaId: idea.id, version: 1, engagementMs: 6 * 4000, pageCount: 8 } });
        await db.viewEngagement.createMany({ data: [1, 2, 3, 4, 5, 6].map((n) => ({ viewId: view.id, n, ms: 4000 })) });
      }
    }
  }
  console.log(`${LINKS} links × ${RECIPIENTS} recipients, 2 views each; ${SAMPLES} warm samples`);
  await timed("page: findIdeaSummary", () => findIdeaSummary(owner.id, idea.id));
  await timed("page: listShares", () => listShares(owner.id, idea.id));
  await timed("page: listComments", () => listComments({ ideaId: idea.id, userId: owner.id, secrets: [] }));
  await timed("GET /api/shares/{id}/recipients (one link)", () => listShareRecipients(owner.id, links[0]));
  await timed("GET /api/shares/{id}/recipients (all links)", () => Promise.all(links.map((id) => listShareRecipients(owner.id, id))));
  await timed("GET /api/ideas/{id}/recipients (all links, one request)", () => listIdeaRecipients(owner.id, idea.id));
  await timed("GET /api/ideas/{id}/activity (first page)", () => listActivity(owner.id, idea.id, { limit: 50 }));
  await timed("GET /api/activity", () => readerOverview(owner.id, {}));
  // The page's own loads, before (links and comments; the rest fetched by the browser after hydration) and now
  // (everything the screen shows).
  await timed("page data, links + comments only", () => Promise.all([listShares(owner.id, idea.id), listComments({ ideaId: idea.id, userId: owner.id, secrets: [] })]));
  await timed("page data, everything the screen shows", async () => {
    await Promise.all([
      listShares(owner.id, idea.id),
      listIdeaRecipients(owner.id, idea.id),
      listComments({ ideaId: idea.id, userId: owner.id, secrets: [] }),
      listActivity(owner.id, idea.id, { limit: 50 }),
    ]);
  });
  await db.$disconnect();
}

runScript(main);
