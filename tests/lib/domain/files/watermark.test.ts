import fs from "node:fs";
import { concatTransformationMatrix, PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { db } from "@/lib/platform/db";
import { sha256Hex } from "@/lib/platform/crypto";
import { getEncryptedBlob, putEncryptedBlob, readAssetBytes, type AssetMeta } from "@/lib/domain/files";
import { findReadableAsset } from "@/lib/domain/shares/readable-asset";
import { storageUsage } from "@/lib/domain/files/quota";
import { fileResponse } from "@/lib/domain/reader/serve";
import { isEncryptedPdf, watermarkPdf, watermarkText } from "@/lib/domain/files/watermark";
import { PDF_ENCRYPTED } from "@/lib/domain/validation/upload-limits";
import { createPdfIdea, deleteIdea } from "@/lib/domain/ideas";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { agreedRecipient, createShare, createUser, MINIMAL_PDF, TEST_CLIENT } from "../../../factories";
import { blobFiles, blobPath } from "../../../db-utils";
import { flat, pdfProblems, pdfText, pdfWords } from "../../../pdf-text";

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
  const share = await createShare(owner.id, idea.id, { allowDownload: true });
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
    // A new file: the stored bytes are not its prefix (tests below cut it at every %%EOF).
    const stored = await readAssetBytes(readable!);
    expect(served.subarray(0, stored.length).equals(stored)).toBe(false);
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

  it("marks a PDF without a cross-reference table, one with a classic table and one with a cross-reference stream, each as a new file", async () => {
    const w = { name: "Eve", email: "eve@example.com", accessedAt: new Date("2026-01-02T03:04:00Z") };
    const line = "shared under NDA with Eve <eve@example.com> via IdeaVault";
    expect(flat(pdfText(await watermarkPdf(MINIMAL_PDF, w)))).toContain(line);
    const classic = Buffer.from(await (await PDFDocument.load(await threePagePdf())).save({ useObjectStreams: false }));
    for (const original of [classic, await threePagePdf()]) {
      const marked = Buffer.from(await watermarkPdf(original, w));
      // One revision: a single %%EOF, at the end, and the original is not a prefix.
      expect(marked.subarray(0, original.length - 7).equals(original.subarray(0, original.length - 7))).toBe(false);
      expect(marked.toString("latin1").match(/%%EOF/g)).toHaveLength(1);
      expect(pdfProblems(marked)).toBe("");
      for (let page = 1; page <= PAGES; page++) expect(flat(pdfText(marked, page))).toContain(line);
    }
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

/**
 * A PDF with an earlier revision: a draft page ("the price is 42"), then an incremental update that replaces the
 * page's content. The content streams are uncompressed and the page's last one is a `%%EOF` comment line, so a copy
 * that passes it on has a `%%EOF` in the middle of the file too, right after the page's own content.
 */
function revisedPdf(): Buffer {
  const chunks: string[] = ["%PDF-1.4\n"];
  const length = () => chunks.reduce((n, c) => n + Buffer.byteLength(c, "latin1"), 0);
  const section = (objects: [number, string][], trailer: string) => {
    const offsets = objects.map(([n, body]) => {
      const at = length();
      chunks.push(`${n} 0 obj\n${body}\nendobj\n`);
      return [n, at] as const;
    });
    const xref = length();
    const rows = offsets.map(([n, at]) => `${n} 1\n${String(at).padStart(10, "0")} 00000 n\r\n`).join("");
    chunks.push(`xref\n0 1\n0000000000 65535 f\r\n${rows}trailer\n${trailer}\nstartxref\n${xref}\n%%EOF\n`);
    return xref;
  };
  const stream = (text: string) => `<</Length ${Buffer.byteLength(text, "latin1")}>>\nstream\n${text}\nendstream`;
  const page = (...contents: number[]) =>
    `<</Type/Page/Parent 2 0 R/MediaBox[0 0 420 595]/Resources<</Font<</F1 4 0 R>>>>/Contents[${contents.map((n) => `${n} 0 R`).join(" ")}]>>`;
  const first = section(
    [
      [1, "<</Type/Catalog/Pages 2 0 R>>"],
      [2, "<</Type/Pages/Kids[3 0 R]/Count 1>>"],
      [3, page(5)],
      [4, "<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>"],
      [5, stream("BT /F1 14 Tf 40 540 Td (Draft: the price is 42) Tj ET")],
    ],
    "<</Size 6/Root 1 0 R>>",
  );
  section(
    [
      [6, stream("BT /F1 14 Tf 40 540 Td (Final plan page) Tj ET")],
      [7, stream("% a comment line that reads as the end of a file:\n%%EOF")],
      [3, page(6, 7)],
    ],
    `<</Size 8/Root 1 0 R/Prev ${first}>>`,
  );
  return Buffer.from(chunks.join(""), "latin1");
}

/** The file cut just after each `%%EOF` it contains, in order. */
function cutsAtEof(pdf: Buffer): Buffer[] {
  const cuts: Buffer[] = [];
  for (let at = pdf.indexOf("%%EOF"); at >= 0; at = pdf.indexOf("%%EOF", at + 1)) cuts.push(pdf.subarray(0, at + 5));
  return cuts;
}

/** What pdftotext reads in the file, or null when it cannot open it. */
function readableText(pdf: Buffer): string | null {
  try {
    return flat(pdfText(pdf));
  } catch {
    return null;
  }
}

describe("a recipient's copy cut short", () => {
  it("reads nowhere without the mark: every cut at a %%EOF is unreadable or marked, and no revision of the original is a prefix", async () => {
    const original = revisedPdf();
    expect(flat(pdfText(original))).toBe("Final plan page");
    expect(flat(pdfText(cutsAtEof(original)[0]!))).toBe("Draft: the price is 42");
    const owner = await createUser();
    const idea = await createPdfIdea(owner.id, { title: "Plan", fileName: "plan.pdf", data: original });
    const share = await createShare(owner.id, idea.id, { allowDownload: true });
    const recipient = await agreedRecipient(share, { name: "Eve Example", email: "eve@example.com" });
    await getSharedIdea(share.accessLink, recipient.secrets, TEST_CLIENT); // the view opens the file to the recipient
    const asset = await db.asset.findFirstOrThrow({ where: { ownerId: owner.id, kind: "pdf" } });
    const res = await fileResponse(get(), (await findReadableAsset(null, asset.id, recipient.secrets))!);
    const served = Buffer.from(await res.arrayBuffer());
    const mark = "Confidential, shared under NDA with Eve Example <eve@example.com> via IdeaVault";

    expect(pdfProblems(served)).toBe("");
    const cuts = cutsAtEof(served);
    // The final content stream's `%%EOF` comment travels with it: one cut inside the file, one at its end.
    expect(cuts.length).toBeGreaterThanOrEqual(2);
    const texts = cuts.map(readableText);
    for (const text of texts) if (text) expect(text).toContain(mark);
    expect(texts.at(-1)).toContain("Final plan page");
    // Readers that rebuild a cut file from its objects (pdf.js, MuPDF) look for a catalog: it is the last object.
    const root = served.toString("latin1").match(/trailer\s*<<[^]*?\/Root (\d+) 0 R/)?.[1];
    expect([...served.toString("latin1").matchAll(/(\d+) \d+ obj\n/g)].at(-1)?.[1]).toBe(root);
    // Neither the original nor any of its revisions is a prefix, and the draft's replaced page is not passed on.
    for (const revision of cutsAtEof(original)) expect(served.subarray(0, revision.length).equals(revision)).toBe(false);
    expect(served.includes("price is 42")).toBe(false);
  });
});

describe("recipients' marked copies", () => {
  // Recipients' copies; the page list the upload kept sits beside them under pages/.
  const markedCopies = () => blobFiles().filter((f) => f.startsWith("marked/") && !f.includes("/pages/"));
  const serve = async (asset: AssetMeta | null) => Buffer.from(await (await fileResponse(get(), asset!)).arrayBuffer());

  it("are made once and read back, encrypted, not counted against the owner's quota, and deleted with the idea", async () => {
    const { owner, asset, recipient, share } = await sharedPdf();
    const readable = await findReadableAsset(null, asset.id, recipient.secrets);
    const usage = await storageUsage(owner.id);
    // Concurrent first downloads share one copy.
    const first = await Promise.all([serve(readable), serve(readable), serve(readable)]);
    expect(first[1]!.equals(first[0]!)).toBe(true);
    expect(first[2]!.equals(first[0]!)).toBe(true);
    const [copy] = markedCopies();
    expect(markedCopies()).toEqual([copy]);
    expect(copy).toMatch(new RegExp(`^marked/${asset.id}/`));
    // Encrypted at rest like every file, under its own name.
    const onDisk = fs.readFileSync(blobPath(copy!));
    expect(onDisk.subarray(0, 3).toString()).toBe("IV1");
    expect(onDisk.includes("%PDF")).toBe(false);
    expect((await getEncryptedBlob(copy!))!.equals(first[0]!)).toBe(true);
    expect(await storageUsage(owner.id)).toBe(usage);

    // The next download is the kept copy, not a new rendering: replace it and the replacement is served.
    const kept = Buffer.from("%PDF-1.4 kept copy");
    await putEncryptedBlob(copy!, kept);
    expect((await serve(await findReadableAsset(null, asset.id, recipient.secrets))).equals(kept)).toBe(true);
    // The owner's own view neither reads nor makes one.
    expect((await serve(await findReadableAsset(owner.id, asset.id))).equals(kept)).toBe(false);

    // Another recipient gets a copy of their own; a recipient's new view (a new access time) replaces theirs.
    const other = await agreedRecipient(share, { name: "Grace Hopper", email: "grace@example.com" });
    await getSharedIdea(share.accessLink, other.secrets, TEST_CLIENT);
    expect(flat(pdfText(await serve(await findReadableAsset(null, asset.id, other.secrets))))).toContain("<grace@example.com>");
    expect(markedCopies()).toHaveLength(2);
    await db.recipient.update({ where: { id: recipient.id }, data: { viewStartedAt: new Date(Date.now() - 5 * 60_000) } });
    const renewed = await serve(await findReadableAsset(null, asset.id, recipient.secrets));
    expect(flat(pdfText(renewed))).toContain("<lukasz@example.com>");
    expect(markedCopies()).toHaveLength(2);
    expect(markedCopies()).not.toContain(copy);

    await deleteIdea(owner.id, asset.ideaId!);
    expect(blobFiles()).toEqual([]);
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
