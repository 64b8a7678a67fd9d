import zlib from "node:zlib";
import sharp from "sharp";
import { db } from "@/lib/platform/db";
import { createPdfIdea } from "@/lib/domain/ideas";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { GET as page } from "@/app/api/share/[token]/pages/[n]/route";
import { GET as ownerPage } from "@/app/api/ideas/[id]/pages/[n]/route";
import { POST as trace } from "@/app/api/ideas/[id]/trace/route";
import { TEST_CLIENT, TEST_ORIGIN, agreedRecipient, createShare, createUser } from "../../factories";
import { applyLeakSteps, deckPdf, seededRandom, type LeakStep } from "../../lib/domain/reader/leak-attacks";
import { routeSession } from "../../route-harness";
import { setEnv } from "../../db-utils";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

const session = routeSession;
const get = (url: string) => new Request(`${TEST_ORIGIN}${url}`, { headers: { "user-agent": TEST_CLIENT.userAgent } });
const asOwner = (owner: { id: string; name: string; email: string }) => Object.assign(session, { user: { id: owner.id, name: owner.name, email: owner.email, profileImage: null }, secrets: [] });
const asRecipient = (secrets: string[]) => Object.assign(session, { user: null, secrets });

async function bytesOf(res: Response) {
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

function traceOf(ideaId: number, image: Buffer | null, fileName = "leak.png") {
  const form = new FormData();
  if (image) form.append("image", new Blob([new Uint8Array(image)]), fileName);
  else form.append("note", "no image");
  return trace(new Request(`${TEST_ORIGIN}/api/ideas/${ideaId}/trace`, { method: "POST", body: form }), { params: Promise.resolve({ id: String(ideaId) }) });
}

/** All four attacks, milder than the benchmark's worst case (see the first test). */
const ROUTE_ATTACK: LeakStep[] = [
  { kind: "threshold", level: 190 },
  { kind: "crop", keep: 0.9 },
  { kind: "scale", factor: 0.75 },
  { kind: "jpeg", quality: 70 },
];

type Match = { recipientId: string; name: string; email: string; viewId: string; viewedAt: string; confidence: number; score: number };

/** A 5-page deck shared with `readers` recipients, each of whom opened it (one view each). */
async function sharedDeck(readers: number) {
  const owner = await createUser({ name: "Ada Lovelace" });
  const idea = await createPdfIdea(owner.id, { title: "Ledgerline deck", fileName: "deck.pdf", data: await deckPdf() });
  const share = await createShare(owner.id, idea.id);
  const recipients = [];
  for (let i = 0; i < readers; i++) {
    const r = await agreedRecipient(share, { name: `Reader ${i + 1}`, email: `reader${i + 1}@example.com` });
    await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    const { viewId } = await db.recipient.findUniqueOrThrow({ where: { id: r.id }, select: { viewId: true } });
    recipients.push({ ...r, viewId: viewId! });
  }
  return { owner, idea, share, recipients };
}

describe("POST /api/ideas/{id}/trace", () => {
  afterEach(() => asRecipient([]));

  // The route end to end on the measurement's setting (20 recipients of a 5-page deck): pages they received through
  // the reader, treated with all four attacks at once, each traced to its reader's view; the owner's unmarked pages,
  // treated the same, match no one. The views' codes are new on every run (random view ids), so a trial that the
  // benchmark traces 19 times in 20 (a crop keeping 60 %, scripts/bench-trace.ts) would fail this test now and then:
  // here the crop keeps 90 % and the scale is fixed, a setting with a wide margin; the accuracy itself, and the time
  // a trace takes, are the benchmark's to measure.
  it("traces a page treated with every attack to its reader among 20, and the owner's unmarked page to no one", async () => {
    const { owner, idea, share, recipients } = await sharedDeck(20);
    const random = seededRandom(2029);
    const trials = [
      { reader: 3, n: 2, width: 1200 },
      { reader: 11, n: 4, width: 800 },
      { reader: 17, n: 5, width: 1200 },
    ];
    for (const { reader, n, width } of trials) {
      const recipient = recipients[reader]!;
      asRecipient(recipient.secrets);
      const served = await bytesOf(await page(get(`/api/share/${share.accessLink}/pages/${n}?width=${width}`), { params: Promise.resolve({ token: share.accessLink, n: String(n) }) }));
      const leak = await applyLeakSteps(served, ROUTE_ATTACK, random);
      asOwner(owner);
      const res = await traceOf(idea.id, leak, "leak.jpg");
      expect(res.status).toBe(200);
      const { matches } = (await res.json()) as { matches: Match[] };
      expect(matches[0]).toMatchObject({ recipientId: recipient.id, name: recipient.name, email: recipient.email, viewId: recipient.viewId });
      expect(matches[0]!.confidence).toBeGreaterThan(0.99);
      expect(new Date(matches[0]!.viewedAt).getTime()).toBeGreaterThan(0);
    }
    asOwner(owner);
    for (const n of [1, 3]) {
      const unmarked = await bytesOf(await ownerPage(get(`/api/ideas/${idea.id}/pages/${n}?width=1200`), { params: Promise.resolve({ id: String(idea.id), n: String(n) }) }));
      const res = await traceOf(idea.id, await applyLeakSteps(unmarked, ROUTE_ATTACK, random));
      expect(await res.json()).toEqual({ matches: [] });
    }
    // 20 readers identified and five traces (each a search over every page and scale, ~1.5 s of CPU): over the
    // default minute on this shared two-core machine when it is busy.
  }, 240_000);

  // A trace searches every page at several scales: seconds of CPU that the limit meant for drawing one page would
  // refuse as 'This page is too complex to display'. With the page limit at its floor, a trace still answers.
  it("is held to its own CPU budget, not to the one for drawing a page", async () => {
    const { owner, idea, share, recipients } = await sharedDeck(1);
    const [reader] = recipients;
    asRecipient(reader!.secrets);
    const served = await bytesOf(await page(get(`/api/share/${share.accessLink}/pages/2?width=1200`), { params: Promise.resolve({ token: share.accessLink, n: "2" }) }));
    asOwner(owner);
    // Every unmarked page the trace searches, drawn (and kept) under the usual limit first.
    for (let n = 1; n <= 5; n++) await bytesOf(await ownerPage(get(`/api/ideas/${idea.id}/pages/${n}?width=1200`), { params: Promise.resolve({ id: String(idea.id), n: String(n) }) }));
    setEnv({ RENDER_TIMEOUT_MS: "100" });
    const res = await traceOf(idea.id, await applyLeakSteps(served, [{ kind: "jpeg", quality: 70 }], seededRandom(7)), "leak.jpg");
    expect(res.status).toBe(200);
    const { matches } = (await res.json()) as { matches: Match[] };
    expect(matches[0]).toMatchObject({ recipientId: reader!.id, viewId: reader!.viewId });
  }, 120_000);

  it("is the owner's only: signed out 401, another owner's idea 404 before the upload is read", async () => {
    const { idea } = await sharedDeck(0);
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#ffffff" } }).png().toBuffer();
    session.user = null;
    expect((await traceOf(idea.id, image)).status).toBe(401);
    asOwner(await createUser({ name: "Mallory" }));
    const res = await traceOf(idea.id, image);
    expect(res.status).toBe(404);
  });

  it("refuses what is not a PNG, JPEG or WebP image with 400 and a message; an image from no view matches no one", async () => {
    const { owner, idea } = await sharedDeck(2);
    asOwner(owner);
    for (const bad of [Buffer.from("%PDF-1.4 not an image"), Buffer.from("GIF89a......"), null]) {
      const res = await traceOf(idea.id, bad);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("Upload a PNG, JPEG or WebP image of the page");
    }
    // A PNG header on a body that does not decode.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    const res = await traceOf(idea.id, broken);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("This file is not a readable PNG, JPEG or WebP image");
    // A photo that has nothing to do with the deck.
    const noise = await sharp(Buffer.from(Array.from({ length: 300 * 200 * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: 300, height: 200, channels: 3 } }).jpeg().toBuffer();
    const unrelated = await traceOf(idea.id, noise, "photo.jpg");
    expect(unrelated.status).toBe(200);
    expect(await unrelated.json()).toEqual({ matches: [] });
  });

  it("refuses a decompression bomb from its header: 400, nothing decoded", async () => {
    const { owner, idea } = await sharedDeck(1);
    asOwner(owner);
    // A PNG whose header claims 60 000 × 60 000 pixels (10 GB once decoded), in a few dozen bytes.
    const chunk = (type: string, body: Buffer) => {
      const head = Buffer.concat([Buffer.from(type, "latin1"), body]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(body.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(head));
      return Buffer.concat([length, head, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(60_000, 0);
    header.writeUInt32BE(60_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", zlib.deflateSync(Buffer.alloc(1000))), chunk("IEND", Buffer.alloc(0))]);
    const res = await traceOf(idea.id, bomb);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("This image is too large: at most 40 megapixels");
  });
});
