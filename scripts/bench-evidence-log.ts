/**
 * The evidence log's budgets, measured in-process on a throw-away embedded PostgreSQL (or DATABASE_URL's):
 *   - an append adds under 5 ms p95 to the request that causes it: the same small event transaction (one insert)
 *     timed with and without its append, sequentially and with 8 writers on one idea (each waits for the head row);
 *   - the anchor job for 10,000 changed logs runs in under 10 s.
 *
 *   DATA_DIR=$(mktemp -d) npx tsx --import ./scripts/allow-server-only.mjs scripts/bench-evidence-log.ts
 */
import { runScript } from "./script-db";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 400);
const LOGS = Number(process.env.BENCH_LOGS ?? 10_000);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(2)} ms, p95 ${pct(xs, 95).toFixed(2)} ms, max ${Math.max(...xs).toFixed(2)} ms`;

async function main() {
  const { db } = await import("../lib/platform/db");
  const { appendEvidence } = await import("../lib/domain/evidence-log/append");
  const { runLogAnchorJob } = await import("../lib/domain/evidence-log/anchor");

  const owner = await db.user.create({ data: { name: "Bench", email: `bench-${Date.now()}@example.com` } });
  const newIdea = () => db.idea.create({ data: { ownerId: owner.id, title: "Bench", contentCiphertext: new Uint8Array([0]), contentKeyId: "bench" } });
  const idea = await newIdea();
  const share = await db.share.create({ data: { ideaId: idea.id, createdById: owner.id, shareType: "full_access", accessLink: `bench-${Date.now()}` } });

  // The event's own write (a link change) in its transaction, with or without its entry.
  const event = (withLog: boolean) =>
    db.$transaction(
      async (tx) => {
        const change = await tx.shareChange.create({ data: { shareId: share.id, ideaId: idea.id, summary: "bench" } });
        if (withLog) {
          await appendEvidence(tx, {
            ideaId: idea.id,
            type: "view",
            data: { shareId: share.id, viewId: change.id, version: 1 },
            personal: { ip: "203.0.113.7", userAgent: "bench/1.0" },
          });
        }
      },
      { maxWait: 30_000, timeout: 30_000 },
    );
  const timed = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  for (let i = 0; i < 50; i++) await event(i % 2 === 0);
  const without: number[] = [];
  const withLog: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    without.push(await timed(() => event(false)));
    withLog.push(await timed(() => event(true)));
  }
  console.log(`event transaction without the append: ${fmt(without)}`);
  console.log(`event transaction with the append:    ${fmt(withLog)}`);
  console.log(`added by the append: p50 ${(pct(withLog, 50) - pct(without, 50)).toFixed(2)} ms, p95 ${(pct(withLog, 95) - pct(without, 95)).toFixed(2)} ms`);

  const parallel: number[] = [];
  const parallelWithout: number[] = [];
  for (let round = 0; round < SAMPLES / 8; round++) {
    parallelWithout.push(...(await Promise.all(Array.from({ length: 8 }, () => timed(() => event(false))))));
    parallel.push(...(await Promise.all(Array.from({ length: 8 }, () => timed(() => event(true))))));
  }
  console.log(`8 writers on one idea, without: ${fmt(parallelWithout)}`);
  console.log(`8 writers on one idea, with:    ${fmt(parallel)}`);

  // 10,000 logs changed since the last anchor (one head each; the job reads heads only).
  await runLogAnchorJob();
  const first = (await newIdea()).id;
  await db.$executeRaw`
    INSERT INTO "Idea" ("ownerId", "title", "contentCiphertext", "contentKeyId", "lastModified")
    SELECT ${owner.id}, 'Bench', '\\x00'::bytea, 'bench', now() FROM generate_series(1, ${LOGS - 1})`;
  await db.$executeRaw`
    INSERT INTO "EvidenceLog" ("ideaId", "headSeq", "headHash", "updatedAt")
    SELECT "id", 1, encode(sha256(convert_to("id"::text, 'UTF8')), 'hex'), now() FROM "Idea" WHERE "id" >= ${first}`;
  // Its parts on their own: the heads query and the tree (the rest is the anchor's rows and its proof).
  const { buildMerkleTree } = await import("../lib/domain/evidence-log/chain");
  let t = performance.now();
  const heads = await db.$queryRaw<{ headHash: string }[]>`
    SELECT l."headHash" FROM "EvidenceLog" l
    WHERE l."headSeq" > COALESCE((SELECT MAX(i."headSeq") FROM "LogAnchorInclusion" i WHERE i."ideaId" = l."ideaId"), 0) ORDER BY l."ideaId"`;
  console.log(`  heads query: ${heads.length} heads in ${(performance.now() - t).toFixed(0)} ms`);
  t = performance.now();
  buildMerkleTree(heads.map((h) => h.headHash));
  console.log(`  tree and paths: ${(performance.now() - t).toFixed(0)} ms`);
  t = performance.now();
  const run = await runLogAnchorJob();
  const ms = performance.now() - t;
  console.log(`anchor job: ${run.logs} changed logs in ${ms.toFixed(0)} ms (root ${run.root})`);
  await db.$disconnect();
}

runScript(main);
