import { monitorEventLoopDelay } from "node:perf_hooks";
import { db } from "@/lib/platform/db";
import { putEncryptedBlob, type AssetMeta } from "@/lib/domain/files";
import { createPdfIdea } from "@/lib/domain/ideas";
import { readerPage, readerPageList } from "@/lib/domain/reader";
import { renderPoolStats, stopRenderPool } from "@/lib/domain/reader/pool";
import { GET as ownerPageList } from "@/app/api/ideas/[id]/pages/route";
import { GET as ownerPage } from "@/app/api/ideas/[id]/pages/[n]/route";
import { PDF_BROKEN_PAGE_TREE, pdfPageTooLarge, pdfTooManyPages } from "@/lib/domain/validation/upload-limits";
import { TEST_CLIENT, TEST_ORIGIN, createUser } from "../../../factories";
import { blobFiles, setEnv } from "../../../db-utils";
import { routeSession } from "../../../route-harness";
import { cyclicPageTree, deepNesting, imageBomb, manyPages, sizedPage, strokeBomb } from "../../../../scripts/bench/hostile-pdfs";
import { isWebp, mixedPdf } from "./sample";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());

/**
 * The third outside attack: a few KB of PDF froze the server (pdf.js on the request thread, unbounded), and a page
 * tree that loops or nests deeply answered 500. Every file here is made in the test.
 */

const get = (url: string) => new Request(`${TEST_ORIGIN}${url}`, { headers: { "user-agent": TEST_CLIENT.userAgent } });
const listOf = (id: number) => ownerPageList(get(`/api/ideas/${id}/pages`), { params: Promise.resolve({ id: String(id) }) });
const pageOf = (id: number, n: string) => ownerPage(get(`/api/ideas/${id}/pages/${n}?width=800`), { params: Promise.resolve({ id: String(id), n }) });

/** A file stored before the upload checks existed: a benign upload whose stored bytes are then replaced. */
async function storedAsIs(bytes: Buffer) {
  const owner = await createUser();
  Object.assign(routeSession, { user: { id: owner.id, name: owner.name, email: owner.email, profileImage: null }, secrets: [] });
  const idea = await createPdfIdea(owner.id, { title: "Old upload", fileName: "old.pdf", data: await mixedPdf() });
  const row = await db.asset.findFirstOrThrow({ where: { ownerId: owner.id, kind: "pdf" } });
  const blobKey = `${row.blobKey}-hostile`;
  await putEncryptedBlob(blobKey, bytes);
  await db.asset.update({ where: { id: row.id }, data: { blobKey, size: bytes.length } });
  const asset: AssetMeta = { id: row.id, blobKey, fileName: row.fileName, contentType: row.contentType, size: bytes.length };
  return { owner, idea, asset };
}

/** The longest the event loop was held while `work` ran, in ms. */
async function worstStall<T>(work: () => Promise<T>): Promise<{ result: PromiseSettledResult<T>; stallMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const [result] = await Promise.allSettled([work()]);
  histogram.disable();
  return { result: result!, stallMs: histogram.max / 1e6 };
}

describe("hostile PDFs at upload", () => {
  it("refuses, with the reason and before anything is stored: too many pages, a giant page, a looping or deeply nested page tree, junk", async () => {
    const owner = await createUser();
    setEnv({ MAX_PDF_PAGES: "20" });
    const cases: [Buffer, number, string | RegExp][] = [
      [manyPages(21), 422, pdfTooManyPages(21, 20)],
      [sizedPage(14_500, 100), 422, pdfPageTooLarge(1, 200)],
      [cyclicPageTree(), 422, PDF_BROKEN_PAGE_TREE],
      [deepNesting(), 422, /cannot be displayed/],
      [Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(3000, 0x41)]), 422, /cannot be displayed/],
    ];
    for (const [data, status, message] of cases) {
      await expect(createPdfIdea(owner.id, { title: "Bad", fileName: "bad.pdf", data })).rejects.toMatchObject({ status, message: typeof message === "string" ? message : expect.stringMatching(message) });
    }
    expect(await db.asset.count()).toBe(0);
    expect(await db.idea.count()).toBe(0);
    expect(blobFiles()).toEqual([]);
    // Within the limits, the same shapes are accepted.
    await expect(createPdfIdea(owner.id, { title: "Fine", fileName: "ok.pdf", data: manyPages(20) })).resolves.toMatchObject({ title: "Fine" });
    await expect(createPdfIdea(owner.id, { title: "Big", fileName: "big.pdf", data: sizedPage(14_400, 14_400) })).resolves.toMatchObject({ title: "Big" });
  });
});

describe("hostile PDFs already stored", () => {
  it("a page of 150,000 strokes is stopped at its CPU budget: 422 'too complex', the server never stalls, and it is not drawn again", async () => {
    setEnv({ RENDER_TIMEOUT_MS: "1000" });
    const bomb = strokeBomb(150_000);
    expect(bomb.length).toBeLessThan(12_000);
    const { asset } = await storedAsIs(bomb);
    await readerPageList(asset); // the list is cheap; drawing is not
    const { result, stallMs } = await worstStall(() => readerPage(asset, 1, 1200));
    expect(result).toMatchObject({ status: "rejected", reason: { status: 422, message: "This page is too complex to display" } });
    expect(stallMs).toBeLessThan(2000); // was 14 s on the request thread
    const before = renderPoolStats().sent.page;
    await expect(readerPage(asset, 1, 800)).rejects.toMatchObject({ status: 422, message: "This page is too complex to display" });
    expect(renderPoolStats().sent.page).toBe(before);
  });

  it("an 8000 × 8000 image bomb is left out of the page instead of decoded: the server's memory and event loop stay calm", async () => {
    const bomb = imageBomb(8000);
    expect(bomb.length).toBeLessThan(400_000);
    const { asset } = await storedAsIs(bomb);
    const rssBefore = process.memoryUsage().rss;
    const { result, stallMs } = await worstStall(() => Promise.all([1, 2, 3].map((i) => readerPage({ ...asset }, 1, [320, 800, 1200][i - 1]))));
    expect(result.status).toBe("fulfilled");
    if (result.status === "fulfilled") expect(result.value.every(isWebp)).toBe(true);
    expect(stallMs).toBeLessThan(2000); // was 34–44 s
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024); // was +800 MB
  });

  it("a looping page tree and a deeply nested page answer 4xx on the page list and on every page, never 500", async () => {
    for (const bytes of [cyclicPageTree(), deepNesting()]) {
      const { idea } = await storedAsIs(bytes);
      for (const res of [await listOf(idea.id), await pageOf(idea.id, "1"), await pageOf(idea.id, "2")]) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect((await res.json()).error).toEqual(expect.any(String));
      }
    }
  });

  it("a full render queue answers 503 with Retry-After instead of piling up requests", async () => {
    setEnv({ RENDER_TIMEOUT_MS: "3000", RENDER_QUEUE_MAX: "0" });
    const slow = await storedAsIs(strokeBomb(150_000));
    const other = await storedAsIs(await mixedPdf());
    await readerPageList(slow.asset);
    await readerPage(other.asset, 1, 320); // the pool is up
    const busy = readerPage(slow.asset, 1, 1200);
    busy.catch(() => undefined);
    while (renderPoolStats().busy === 0) await new Promise((r) => setTimeout(r, 10));
    Object.assign(routeSession, { user: { id: other.owner.id, name: other.owner.name, email: other.owner.email, profileImage: null } });
    const res = await pageOf(other.idea.id, "2");
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    await expect(busy).rejects.toMatchObject({ status: 422 });
    // Free again: the same page is drawn.
    const again = await pageOf(other.idea.id, "2");
    expect([again.status, again.status === 200 ? "" : await again.text()]).toEqual([200, ""]);
  });

  it("a process that dies under a job (not by its budget) is replaced and the job tried once more; a stopping pool refuses with 503 and keeps nothing", async () => {
    setEnv({ RENDER_TIMEOUT_MS: "2000" });
    const { asset } = await storedAsIs(strokeBomb(150_000));
    await readerPageList(asset);
    const busyPid = async () => {
      while (!renderPoolStats().busyPids.length) await new Promise((r) => setTimeout(r, 10));
      return renderPoolStats().busyPids[0]!;
    };
    const before = renderPoolStats().sent.page;
    const first = readerPage(asset, 1, 1200);
    first.catch(() => undefined);
    process.kill(await busyPid(), "SIGKILL"); // as the kernel's OOM killer would
    await expect(first).rejects.toMatchObject({ status: 422, message: "This page is too complex to display" });
    expect(renderPoolStats().sent.page - before).toBe(2); // the retry, which then passed its CPU budget

    const other = await storedAsIs(strokeBomb(150_000));
    await readerPageList(other.asset);
    const stopped = readerPage(other.asset, 1, 1200);
    stopped.catch(() => undefined);
    await busyPid();
    stopRenderPool(); // the server shutting down
    await expect(stopped).rejects.toMatchObject({ status: 503 });
    expect(blobFiles().some((f) => f.startsWith(`marked/${other.asset.id}/`) && f.includes("refused"))).toBe(false);
    // Three render processes start and two run to their CPU budget: on a starved machine (several suites at once)
    // that is minutes of wall time, not the default minute.
  }, 240_000);

  it("page routes count against the reader's page budget (429 with Retry-After)", async () => {
    setEnv({ RATE_LIMIT_SCALE: "0.01" }); // 240 a minute becomes 3
    const { idea } = await storedAsIs(await mixedPdf());
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await (i === 0 ? listOf(idea.id) : pageOf(idea.id, "1"))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
