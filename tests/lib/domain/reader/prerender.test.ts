import { db } from "@/lib/platform/db";
import { type AssetMeta } from "@/lib/domain/files";
import { derivedUsage, keepDerived, pruneExpiredDerived, readDerived } from "@/lib/domain/files/derived";
import { createPdfIdea, publishIdea } from "@/lib/domain/ideas";
import { PRERENDER_WIDTHS, readerPage, readerPagesFolder } from "@/lib/domain/reader";
import { renderPoolStats } from "@/lib/domain/reader/pool";
import { runPageRenderJobs } from "@/lib/domain/reader/prerender";
import { createUser } from "../../../factories";
import { blobFiles, queuedJobs, setEnv } from "../../../db-utils";
import { mixedPdf } from "./sample";
import { strokeBomb } from "../../../../scripts/bench/hostile-pdfs";

async function publishedPdf(data?: Buffer) {
  const owner = await createUser();
  const idea = await createPdfIdea(owner.id, { title: "Deck", fileName: "deck.pdf", data: data ?? (await mixedPdf()) });
  await publishIdea(owner.id, idea.id);
  const asset: AssetMeta = await db.asset.findFirstOrThrow({ where: { ownerId: owner.id, kind: "pdf" }, select: { id: true, blobKey: true, fileName: true, contentType: true, size: true } });
  return { owner, idea, asset };
}

/** The file's latest page job: what it was queued with and, once run, what it reached. */
const pageJob = async (assetId: string) => (await queuedJobs("pages", { assetId })).at(-1);

const keptPages = (assetId: string) =>
  blobFiles()
    .filter((f) => f.startsWith(readerPagesFolder(assetId)))
    .map((f) => f.replace(/^.*\//, ""))
    .filter((f) => /^p\d+-w\d+$/.test(f))
    .sort();

/**
 * A run's time budget (20 s of wall time) is what the last test is about; the others give their run all the time a
 * starved machine needs, so that it finishes its files in one run as they assert.
 */
const UNHURRIED_MS = 300_000;

describe("pages made ahead of time", () => {
  it("publishing a PDF queues its pages; one run draws every page at the first widths, and a reader's page is then a cache hit", async () => {
    const { asset } = await publishedPdf();
    expect(await pageJob(asset.id)).toMatchObject({ state: "created", data: { assetId: asset.id, nextPage: 1 } });
    expect(keptPages(asset.id)).toEqual([]);

    const counts = await runPageRenderJobs(UNHURRIED_MS);
    expect(counts).toMatchObject({ files: 1, pages: 3, images: 3 * PRERENDER_WIDTHS.length });
    expect(keptPages(asset.id)).toEqual([1, 2, 3].flatMap((n) => PRERENDER_WIDTHS.map((w) => `p${n}-w${w}`)).sort());
    expect(await pageJob(asset.id)).toMatchObject({ state: "completed", output: { nextPage: 4, done: true } });

    const before = renderPoolStats().sent;
    for (const n of [1, 2, 3]) await readerPage(asset, n, 800);
    expect(renderPoolStats().sent).toEqual(before);
    // Done: the next run has nothing to do.
    expect(await runPageRenderJobs()).toMatchObject({ files: 0, images: 0 });
  }, UNHURRIED_MS);

  it("a page too complex to draw is kept as refused and the run goes on to the next file", async () => {
    setEnv({ RENDER_TIMEOUT_MS: "800" });
    const owner = await createUser();
    const bomb = await createPdfIdea(owner.id, { title: "Bomb", fileName: "bomb.pdf", data: strokeBomb(150_000) });
    await publishIdea(owner.id, bomb.id);
    const fine = await publishedPdf();
    const counts = await runPageRenderJobs(UNHURRIED_MS);
    expect(counts.files).toBe(2);
    const jobs = await queuedJobs("pages");
    expect(jobs).toHaveLength(2);
    expect(jobs.every((j) => j.state === "completed" && j.output?.done === true)).toBe(true);
    expect(keptPages(fine.asset.id)).toHaveLength(3 * PRERENDER_WIDTHS.length);
    const bombAsset = await db.asset.findFirstOrThrow({ where: { ideaId: bomb.id } });
    expect(keptPages(bombAsset.id)).toEqual([]);
    await expect(readerPage(bombAsset, 1, 800)).rejects.toMatchObject({ status: 422, message: "This page is too complex to display" });
  }, UNHURRIED_MS);

  it("a run hands a long file back when its time is up and the next run goes on from the page it reached", async () => {
    const { asset } = await publishedPdf();
    expect(await runPageRenderJobs(0)).toMatchObject({ files: 1, pages: 0 }); // no time: takes the file, draws nothing, hands it back
    const [first, next] = await queuedJobs("pages", { assetId: asset.id });
    expect(first).toMatchObject({ state: "completed", output: { nextPage: 1, done: false } });
    expect(next).toMatchObject({ state: "created", data: { nextPage: 1 } });
    await runPageRenderJobs(UNHURRIED_MS);
    expect(await pageJob(asset.id)).toMatchObject({ state: "completed", output: { nextPage: 4, done: true } });
    expect(keptPages(asset.id)).toHaveLength(3 * PRERENDER_WIDTHS.length);
  }, UNHURRIED_MS);
});

describe("derived copies", () => {
  it("count against DERIVED_QUOTA_MB per account; past it the least recently used go", async () => {
    const { owner, asset } = await publishedPdf();
    const other = await publishedPdf();
    setEnv({ DERIVED_QUOTA_MB: String(250 / 1024) }); // 250 KB
    const key = (i: number) => `${readerPagesFolder(asset.id)}test-${i}`;
    for (let i = 0; i < 6; i++) await keepDerived(asset.id, key(i), Buffer.alloc(60 * 1024, i)); // 6 × 60 KB
    await keepDerived(other.asset.id, `${readerPagesFolder(other.asset.id)}test-x`, Buffer.alloc(60 * 1024));
    // The list kept at upload (small) and the newest copies stay; the oldest went, blob and row.
    expect(await derivedUsage(owner.id)).toBeLessThanOrEqual(250 * 1024);
    expect(await readDerived(key(0))).toBeNull();
    expect(await readDerived(key(1))).toBeNull();
    expect(await readDerived(key(5))).not.toBeNull();
    expect(blobFiles().some((f) => f.endsWith("test-0"))).toBe(false);
    // Another account's copies are its own.
    expect(await readDerived(`${readerPagesFolder(other.asset.id)}test-x`)).not.toBeNull();

    // A use makes a copy recent again: after key(2) is read (its last use backdated), key(3) is the next to go.
    for (const [i, hours] of [[2, 3], [3, 2], [4, 1]] as const) {
      await db.derivedCopy.update({ where: { key: key(i) }, data: { lastUsedAt: new Date(Date.now() - hours * 3600_000) } });
    }
    await readDerived(key(2));
    await new Promise<void>((resolve) => {
      const poll = async () => ((await db.derivedCopy.findUnique({ where: { key: key(2) } }))!.lastUsedAt.getTime() > Date.now() - 600_000 ? resolve() : setTimeout(poll, 20));
      void poll();
    });
    await keepDerived(asset.id, key(6), Buffer.alloc(60 * 1024, 6));
    expect(await readDerived(key(3))).toBeNull();
    expect(await readDerived(key(2))).not.toBeNull();
    expect(await readDerived(key(4))).not.toBeNull();
  });

  it("copies with an expiry (marked PDFs) are removed once it has passed", async () => {
    const { asset } = await publishedPdf();
    const key = `${readerPagesFolder(asset.id)}expiring`;
    await keepDerived(asset.id, key, Buffer.from("marked copy"), { ttlMs: 24 * 3600_000 });
    expect(await pruneExpiredDerived()).toBe(0);
    expect(await readDerived(key)).not.toBeNull();
    await db.derivedCopy.update({ where: { key }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await pruneExpiredDerived()).toBe(1);
    expect(await readDerived(key)).toBeNull();
    expect(await db.derivedCopy.findUnique({ where: { key } })).toBeNull();
  });
});
