/**
 * The rooms' budgets, measured in-process on a throw-away embedded PostgreSQL (or DATABASE_URL's): a room of 20
 * ideas shared with 200 recipients who each read 5 of them;
 *   - the owner's room data (GET /api/rooms/{id} and GET /api/rooms/{id}/reading together): p95 < 300 ms;
 *   - a recipient's room index (GET /api/share/{token} for an agreed recipient): p95 < 200 ms.
 *
 *   DATA_DIR=$(mktemp -d) npx tsx --import ./scripts/allow-server-only.mjs scripts/bench-rooms.ts
 */
import { runScript } from "./script-db";

const IDEAS = 20;
const RECIPIENTS = 200;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;

async function timed(samples: number, fn: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await fn();
    ms.push(performance.now() - start);
  }
  return ms;
}

async function main() {
  const { db } = await import("../lib/platform/db");
  const { createIdea, publishIdea } = await import("../lib/domain/ideas");
  const { createRoom, roomForOwner } = await import("../lib/domain/rooms");
  const { roomReading } = await import("../lib/domain/rooms/reading");
  const { sharedRoomOf } = await import("../lib/domain/rooms/recipient");
  const { createShareFor } = await import("../lib/domain/shares");
  const { shareableRoomOr404 } = await import("../lib/domain/rooms");
  const { createRecipient } = await import("../lib/domain/recipients/identify");
  const { linkByToken } = await import("../lib/domain/gate/lookup");

  const owner = await db.user.create({ data: { name: "Bench", email: `bench-${Date.now()}@example.com` } });
  const ideaIds: number[] = [];
  for (let i = 1; i <= IDEAS; i++) {
    const idea = await createIdea(owner.id, { title: `Idea ${i}`, content: `<p>Body ${i}</p>` });
    await publishIdea(owner.id, idea.id);
    ideaIds.push(idea.id);
  }
  const room = await createRoom(owner.id, { name: "Bench room", ideaIds });
  const link = await createShareFor(owner.id, await shareableRoomOr404(owner.id, room.id), { shareType: "full-access", roomId: room.id, requireNda: false }, "http://localhost");
  const client = { ip: "127.0.0.1", userAgent: "bench" };
  let secret = "";
  for (let r = 0; r < RECIPIENTS; r++) {
    const created = await createRecipient({ name: `Reader ${r}`, email: `reader-${r}@example.com`, phone: null, accessToken: link.accessLink }, client);
    secret = created.secret;
    for (let k = 0; k < 5; k++) {
      const ideaId = ideaIds[(r + k * 3) % IDEAS];
      const view = await db.viewEvent.create({ data: { shareId: link.id, recipientId: created.recipient.id, ideaId, version: 1, engagementMs: 1000 * (k + 1), pageCount: 6 } });
      await db.viewEngagement.createMany({ data: [1, 2, 3].map((n) => ({ viewId: view.id, n, ms: 300 })) });
    }
  }

  const ownerMs = await timed(SAMPLES, () => Promise.all([roomForOwner(owner.id, room.id), roomReading(owner.id, room.id)]));
  const indexMs = await timed(SAMPLES, async () => sharedRoomOf((await linkByToken(link.accessLink)) as never, [secret], {}));
  const result = { ideas: IDEAS, recipients: RECIPIENTS, samples: SAMPLES, ownerRoomData: fmt(ownerMs), recipientIndex: fmt(indexMs), ownerP95Ms: pct(ownerMs, 95), indexP95Ms: pct(indexMs, 95) };
  console.log(`owner's room data (room + reading): ${result.ownerRoomData}`);
  console.log(`recipient's room index:             ${result.recipientIndex}`);
  console.log(JSON.stringify(result));
  await db.$disconnect();
}

runScript(main);
