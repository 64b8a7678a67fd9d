import fs from "node:fs";
import { concatTransformationMatrix, PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { db } from "@/lib/db";
import { sha256Hex } from "@/lib/crypto";
import { findReadableAsset, readAssetBytes } from "@/lib/files";
import { fileResponse } from "@/lib/files/serve";
import { isEncryptedPdf, watermarkPdf, watermarkText } from "@/lib/files/watermark";
import { PDF_ENCRYPTED } from "@/lib/validation/upload-limits";
import { createPdfIdea } from "@/lib/ideas";
import { getSharedIdea } from "@/lib/shares/views";
import { agreedRecipient, createShare, createUser, MINIMAL_PDF, TEST_CLIENT } from "../../factories";
import { blobPath } from "../../db-utils";
import { flat, pdfProblems, pdfText, pdfWords } from "../../pdf-text";

const PAGES = 3;

/** A small real PDF: one line of text per page, one page rotated and one leaving its graphics state changed. */
async function threePagePdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= PAGES; i++) {
    const page = doc.addPage([420, 595]);
    page.drawText(`Original page ${i}`, { x: 40, y: 540, size: 14, font });
    // An unbalanced transform: without the q/Q wrap the watermark would be drawn scaled off the page.
    if (i === 2) page.pushOperators(concatTransformationMatrix(0.1, 0, 0, 0.1, 5000, 5000));
  }
  return Buffer.from(await doc.save());
}

async function sharedPdf() {
  const owner = await createUser({ name: "Ada Lovelace" });
  const original = await threePagePdf();
  const idea = await createPdfIdea(owner.id, { title: "Deck", fileName: "deck.pdf", data: original });
  const share = await createShare(owner.id, idea.id);
  const recipient = await agreedRecipient(share, { name: "Łukasz Дмитрий", email: "lukasz@example.com" });
  const view = await getSharedIdea(share.accessLink, recipient.secrets, TEST_CLIENT);
  const accessedAt = view.accessedAt!;
  // The viewer's payload: the line it overlays and the acceptance whose certificate it offers.
  expect(view.watermark).toBe(watermarkText({ name: "Łukasz Дмитрий", email: "lukasz@example.com", accessedAt }));
  expect(view.ndaId).toBe((await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: recipient.id } })).id);
  const asset = await db.asset.findFirstOrThrow({ where: { ownerId: owner.id, kind: "pdf" } });
  return { owner, original, asset, recipient, accessedAt, share };
}

const get = (headers: Record<string, string> = {}) => new Request("http://localhost/api/files/x", { headers });

describe("PDF watermark", () => {
  it("burns the recipient's name, e-mail and access time into every page of the served PDF", async () => {
    const { asset, recipient, accessedAt } = await sharedPdf();
    const readable = await findReadableAsset(null, asset.id, recipient.secrets);
    expect(readable?.watermark).toEqual({ name: "Łukasz Дмитрий", email: "lukasz@example.com", accessedAt });
    const res = await fileResponse(get({ Range: "bytes=0-99" }), readable!);
    // Per-recipient bytes: served whole, no ranges offered.
    expect(res.status).toBe(200);
    expect(res.headers.get("Accept-Ranges")).toBeNull();
    expect(res.headers.get("Content-Range")).toBeNull();
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const served = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("Content-Length")).toBe(String(served.length));
    // pdf-lib saves with a cross-reference stream: the mark is appended as an incremental update.
    const stored = await readAssetBytes(readable!);
    expect(served.subarray(0, stored.length).equals(stored)).toBe(true);
    expect(pdfProblems(served)).toBe("");
    const minute = accessedAt.toISOString().slice(0, 16).replace("T", " ");
    for (let page = 1; page <= PAGES; page++) {
      const text = flat(pdfText(served, page));
      expect(text).toContain(`Original page ${page}`);
      expect(text).toContain(`Confidential, shared under NDA with Łukasz Дмитрий <lukasz@example.com> via IdeaVault · accessed ${minute} UTC`);
    }
    expect(watermarkText({ name: "A", email: "a@x.io", accessedAt })).toBe(`A · a@x.io · ${minute} UTC`);
  });

  it("never modifies the stored file, and the owner's own copy is the original, unmarked, with ranges", async () => {
    const { owner, original, asset, recipient } = await sharedPdf();
    const blob = blobPath(asset.blobKey);
    const storedBefore = sha256Hex(fs.readFileSync(blob));
    const readable = await findReadableAsset(null, asset.id, recipient.secrets);
    await (await fileResponse(get(), readable!)).arrayBuffer();
    await (await fileResponse(get(), readable!, { download: true })).arrayBuffer();
    expect(sha256Hex(fs.readFileSync(blob))).toBe(storedBefore);
    expect(sha256Hex(await readAssetBytes(asset))).toBe(sha256Hex(original));

    const own = await findReadableAsset(owner.id, asset.id, recipient.secrets);
    expect(own?.watermark).toBeUndefined();
    const res = await fileResponse(get(), own!);
    expect(res.headers.get("Accept-Ranges")).toBe("bytes");
    expect(sha256Hex(Buffer.from(await res.arrayBuffer()))).toBe(sha256Hex(original));
    expect(flat(pdfText(original))).not.toContain("lukasz@example.com");
  });

  it("marks a PDF without a cross-reference table (saved whole) and one with a classic table (appended)", async () => {
    const w = { name: "Eve", email: "eve@example.com", accessedAt: new Date("2026-01-02T03:04:00Z") };
    const line = "shared under NDA with Eve <eve@example.com> via IdeaVault";
    expect(flat(pdfText(await watermarkPdf(MINIMAL_PDF, w)))).toContain(line);
    const classic = Buffer.from(await (await PDFDocument.load(await threePagePdf())).save({ useObjectStreams: false }));
    const marked = Buffer.from(await watermarkPdf(classic, w));
    // An incremental update: the original bytes come first, unchanged.
    expect(marked.subarray(0, classic.length).equals(classic)).toBe(true);
    expect(pdfProblems(marked)).toBe("");
    for (let page = 1; page <= PAGES; page++) expect(flat(pdfText(marked, page))).toContain(line);
  });

  it("keeps the mark on the page when the original leaves its graphics state changed", async () => {
    const original = await threePagePdf();
    const marked = await watermarkPdf(original, { name: "Eve", email: "eve@example.com", accessedAt: new Date("2026-01-02T03:04:00Z") });
    expect(flat(pdfText(marked, 2))).toContain("shared under NDA with Eve <eve@example.com> via IdeaVault · accessed 2026-01-02 03:04 UTC");
    // Where it is drawn: inside the page, at its foot (without the q/Q wrap it would land far off the page).
    const { width, height, words } = pdfWords(marked, 2);
    const footer = words.filter((w) => w.text === "<eve@example.com>");
    expect(footer).toHaveLength(1);
    expect(footer[0]!.xMax).toBeLessThanOrEqual(width);
    expect(footer[0]!.yMin).toBeGreaterThan(height - 30);
    expect(footer[0]!.yMax).toBeLessThanOrEqual(height);
  });
});

describe("encrypted PDFs", () => {
  async function encryptedPdf() {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.context.trailerInfo.Encrypt = doc.context.register(doc.context.obj({ Filter: PDFName.of("Standard"), V: 1, R: 2 }));
    return Buffer.from(await doc.save({ useObjectStreams: false }));
  }

  it("are refused at upload with a 400 that says why (a recipient may only receive a marked copy)", async () => {
    const owner = await createUser();
    await expect(createPdfIdea(owner.id, { fileName: "locked.pdf", data: await encryptedPdf() })).rejects.toMatchObject({
      status: 400,
      message: PDF_ENCRYPTED,
    });
    expect(await db.asset.count()).toBe(0);
    expect(await db.idea.count()).toBe(0);
  });

  it("are told apart from plain PDFs, including ones that merely mention /Encrypt", async () => {
    expect(await isEncryptedPdf(await encryptedPdf())).toBe(true);
    expect(await isEncryptedPdf(MINIMAL_PDF)).toBe(false);
    const mentions = await PDFDocument.create();
    mentions.addPage().drawText("/Encrypt");
    mentions.setSubject("/Encrypt");
    expect(await isEncryptedPdf(Buffer.from(await mentions.save({ useObjectStreams: false })))).toBe(false);
  });
});
