import { clampPageWidth, markPageImage, pdfPageList, renderPdfPage } from "@/lib/domain/reader";
import { darkness, decode, isWebp, mixedPdf } from "./sample";

const mark = { name: "Łukasz Дмитрий", email: "lukasz@example.com", accessedAt: new Date("2026-11-23T10:15:00Z") };

describe("pdfPageList", () => {
  it("lists every page from 1 with its size in points, rotation applied", async () => {
    expect(await pdfPageList(await mixedPdf())).toEqual({
      pageCount: 3,
      pages: [
        { n: 1, width: 595.28, height: 841.89 },
        { n: 2, width: 792, height: 612 },
        { n: 3, width: 300, height: 300 },
      ],
    });
  });

  it("refuses a damaged file with a clear 422, not a crash", async () => {
    const pdf = await mixedPdf();
    const corrupt = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(2000, 0x41)]);
    await expect(pdfPageList(corrupt)).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/cannot be displayed/) });
    await expect(renderPdfPage(Buffer.from("not a pdf at all"), 1, 800)).rejects.toMatchObject({ status: 422 });
    await expect(renderPdfPage(pdf.subarray(0, 200), 1, 800)).rejects.toMatchObject({ status: 422 });
  });
});

describe("renderPdfPage", () => {
  it("draws a page as WebP at the asked width, height by aspect ratio, text visible", async () => {
    const pdf = await mixedPdf();
    const page1 = await renderPdfPage(pdf, 1, 800);
    expect(isWebp(page1)).toBe(true);
    const img = await decode(page1);
    expect([img.width, img.height]).toEqual([800, Math.round((800 * 841.89) / 595.28)]);
    // The standard-font text really is drawn (pdf.js found its font data on disk): a blank page would be ~0.
    expect(darkness(img, 0, img.height) / (img.width * img.height)).toBeGreaterThan(3);
    expect(page1.length).toBeLessThan(250 * 1024);

    // The rotated page in an embedded font: wide, and its text drawn too.
    const page2 = await decode(await renderPdfPage(pdf, 2, 1000));
    expect([page2.width, page2.height]).toEqual([1000, Math.round((1000 * 612) / 792)]);
    expect(darkness(page2, 0, page2.height) / (page2.width * page2.height)).toBeGreaterThan(3);
  });

  it("clamps the width to 320–2000 px, 1200 by default", async () => {
    expect([clampPageWidth(10), clampPageWidth(5000), clampPageWidth(undefined), clampPageWidth(NaN), clampPageWidth(640.4)]).toEqual([320, 2000, 1200, 1200, 640]);
    const pdf = await mixedPdf();
    expect((await decode(await renderPdfPage(pdf, 3, 1))).width).toBe(320);
    expect((await decode(await renderPdfPage(pdf, 3, 99999))).width).toBe(2000);
    expect((await decode(await renderPdfPage(pdf, 3))).width).toBe(1200);
  });

  it("answers 404 for a page that does not exist", async () => {
    const pdf = await mixedPdf();
    for (const n of [0, 4, -1, 1.5]) await expect(renderPdfPage(pdf, n, 800)).rejects.toMatchObject({ status: 404 });
  });
});

describe("markPageImage", () => {
  it("burns the identity into the pixels: different marks, different bytes, and the footer is drawn", async () => {
    const page = await renderPdfPage(await mixedPdf(), 3, 800);
    const a = await markPageImage(page, mark);
    const b = await markPageImage(page, { ...mark, name: "Grace Hopper", email: "grace@example.com" });
    expect(isWebp(a) && isWebp(b)).toBe(true);
    expect(a.equals(b)).toBe(false);
    expect(a.equals(page) || b.equals(page)).toBe(false);

    const [plain, marked] = [await decode(page), await decode(a)];
    expect([marked.width, marked.height]).toEqual([plain.width, plain.height]);
    // The square page's bottom 5 % is blank paper until the footer line is written on it.
    const footer = [Math.floor(plain.height * 0.95), plain.height] as const;
    expect(darkness(plain, ...footer)).toBeLessThan(plain.width * 2);
    expect(darkness(marked, ...footer)).toBeGreaterThan(darkness(plain, ...footer) + plain.width * 10);
    // The faint repeated line reaches the top of the page as well (top 10 %, blank in the original).
    const top = [0, Math.floor(plain.height * 0.1)] as const;
    expect(darkness(marked, ...top)).toBeGreaterThan(darkness(plain, ...top) + plain.width * 2);
  });

  it("marks raw pixels too", async () => {
    const raw = { data: new Uint8Array(400 * 300 * 4).fill(255), width: 400, height: 300 };
    const out = await decode(await markPageImage(raw, mark));
    expect([out.width, out.height]).toEqual([400, 300]);
    expect(darkness(out, 270, 300)).toBeGreaterThan(400 * 10);
  });
});
