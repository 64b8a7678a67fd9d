import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { agreedRecipient, createDraft, createPublished, createShare, createUser, distinctPng, MINIMAL_PDF, TEST_ORIGIN } from "../../../factories";
import { blobPath } from "../../../db-utils";
import { db } from "@/lib/platform/db";
import { createPdfIdea } from "@/lib/domain/ideas";
import { createAsset } from "@/lib/domain/files";
import { readBrandLogo, setBrandLogo } from "@/lib/domain/brand";
import sharp from "sharp";
import { DiskBlobStore } from "@/lib/platform/storage";
import { getIdeaStampedFile } from "@/lib/domain/evidence/proofs";

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());

import { GET } from "@/app/api/account/export/route";
import { routeSession } from "../../../route-harness";
import { rawPdf } from "../../../../scripts/bench/hostile-pdfs";

const noParams = { params: Promise.resolve({}) };
const exportCall = () => GET(new Request(`${TEST_ORIGIN}/api/account/export`, { headers: { "sec-fetch-site": "same-origin" } }), noParams);

/** Python's zipfile reads the archive (an independent reader): every entry's name, CRC check and bytes (hex). */
function unzip(bytes: Buffer, withContents = true): { bad: string | null; entries: Record<string, string | number> } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "export-")), "data.zip");
  fs.writeFileSync(file, bytes);
  const script = `
import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
bad = z.testzip()
full = sys.argv[2] == "1"
print(json.dumps({"bad": bad, "entries": {i.filename: (z.read(i).hex() if full else i.file_size) for i in z.infolist()}}))`;
  try {
    return JSON.parse(execFileSync("/usr/bin/python3", ["-c", script, file, withContents ? "1" : "0"], { maxBuffer: 64 * 1024 * 1024 }).toString());
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
const text = (hex: string | number) => Buffer.from(String(hex), "hex").toString("utf8");
const bytesOf = (hex: string | number) => Buffer.from(String(hex), "hex");

async function readAll(res: Response) {
  return Buffer.from(await res.arrayBuffer());
}

describe("GET /api/account/export", () => {
  afterEach(() => {
    session.user = null;
  });

  it("is a ZIP of the account: account.json, each idea's evidence as its pack holds it (versions with .ots and guide, agreements, activity), drafts, README", async () => {
    const ada = await createUser({ name: "Ada Lovelace", email: "ada@example.com" });
    const other = await createUser();
    const published = await createPublished(ada.id, { title: "Solar Kettle", content: "<p>Boil with sunlight</p>" });
    const ots = crypto.randomBytes(120);
    await db.timestampProof.updateMany({ where: { ideaVersion: { ideaId: published.id, version: 1 } }, data: { status: "pending", ots, submittedAt: new Date() } });
    const draft = await createDraft(ada.id, { title: "Half an idea" });
    const pdf = await createPdfIdea(ada.id, { title: "Whitepaper", fileName: "whitepaper.pdf", data: MINIMAL_PDF });
    const share = await createShare(ada.id, published.id);
    const grace = await agreedRecipient(share, { name: "Grace Hopper", email: "grace@example.com" });
    await db.comment.create({ data: { ideaId: published.id, recipientId: grace.id, author: "Grace Hopper", content: "Nice kettle" } });
    const nda = await db.ndaAcceptance.findFirstOrThrow({ where: { recipientId: grace.id } });
    // The link's own settings travel with it; of its passcode only the fact that it has one.
    await db.share.update({
      where: { id: share.id },
      data: { name: "Sequoia, partner meeting", note: "See page 2 first", allowedDomains: ["sequoia.example"], passcodeHash: "$2b$10$passcode-hash-never-exported" },
    });
    const image = await createAsset({ ownerId: ada.id, kind: "image", fileName: "kettle pic.png", contentType: "image/png", data: distinctPng("kettle") });
    await createPublished(other.id, { title: "Not Ada's" });
    await db.user.update({ where: { id: ada.id }, data: { sharingBlockedDomains: ["rival.example"], defaultScreenShield: true, defaultExpiryDays: 7 } });
    const hook = await db.webhookEndpoint.create({
      data: { userId: ada.id, url: "https://hooks.example.com/ideavault", events: ["nda.accepted"], secretCiphertext: Buffer.from("sealed") },
    });

    const ownNda = await db.agreement.create({
      data: { ownerId: ada.id, title: "Ada's NDA", isDefault: true, versions: { create: [{ version: 1, title: "Ada's NDA", body: "1. Keep it secret, {recipientName}." }] } },
    });

    session.user = { id: ada.id, name: ada.name, email: ada.email, profileImage: null };
    const res = await exportCall();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="ideavault-data-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(res.headers.get("cache-control")).toBe("private, no-store, no-transform");
    const zip = unzip(await readAll(res));
    expect(zip.bad).toBeNull();
    const p = `ideas/idea-${published.id}`;
    const v1 = `${p}/versions/v1`;
    const agreement = `${p}/agreements/${nda.id}`;
    expect(Object.keys(zip.entries).sort()).toEqual(
      [
        `${v1}/idea-${published.id}.html`,
        `${v1}/idea-${published.id}.html.ots`,
        `${v1}/HOW-TO-VERIFY.txt`,
        `${p}/activity.csv`,
        `${agreement}/nda-certificate-${nda.id}.pdf`,
        `${agreement}/nda-acceptance-${nda.id}.json`,
        `ideas/idea-${draft.id}/idea-${draft.id}.html`,
        `ideas/idea-${draft.id}/activity.csv`,
        `ideas/idea-${pdf.id}/idea-${pdf.id}.pdf`,
        `ideas/idea-${pdf.id}/activity.csv`,
        `files/${image.id}-kettle_pic.png`,
        "account.json",
        "README.txt",
      ].sort(),
    );

    // The stamped file is the exact proven bytes, the .ots the stored proof, the PDF the original.
    expect(bytesOf(zip.entries[`${v1}/idea-${published.id}.html`])).toEqual((await getIdeaStampedFile(ada.id, published.id)).bytes);
    expect(bytesOf(zip.entries[`${v1}/idea-${published.id}.html.ots`])).toEqual(ots);
    // The version's guide is the evidence pack's own (lib/domain/evidence/idea-entries.ts).
    const guide = text(zip.entries[`${v1}/HOW-TO-VERIFY.txt`]);
    expect(guide).toContain(`ots verify idea-${published.id}.html.ots`);
    expect(guide).toContain(published.contentSha256);
    expect(bytesOf(zip.entries[`ideas/idea-${pdf.id}/idea-${pdf.id}.pdf`])).toEqual(MINIMAL_PDF);
    expect(bytesOf(zip.entries[`files/${image.id}-kettle_pic.png`])).toEqual(distinctPng("kettle"));
    expect(text(zip.entries[`ideas/idea-${draft.id}/idea-${draft.id}.html`])).toContain("<h1>Half an idea</h1>");
    expect(bytesOf(zip.entries[`${agreement}/nda-certificate-${nda.id}.pdf`]).subarray(0, 5).toString()).toBe("%PDF-");
    const csv = text(zip.entries[`${p}/activity.csv`]);
    expect(csv.split("\r\n")[0] ?? csv.split("\n")[0]).toMatch(/^Time \(UTC\),Event,/);
    expect(csv).toContain("Nice kettle");

    const account = JSON.parse(text(zip.entries["account.json"]));
    expect(account).toMatchObject({
      format: "ideavault-account-export-1",
      profile: { id: ada.id, name: "Ada Lovelace", email: "ada@example.com", signInWithPassword: true, socialSignIns: [] },
      settings: {
        notifyNdaAccepted: true,
        notifyFirstView: true,
        notifyComments: true,
        notifyProofAnchored: true,
        notifyVisitEnded: true,
        showEmailOnCertificates: false,
        sharingDefaults: { blockedDomains: ["rival.example"], allowDownload: false, screenShield: true, expiryDays: 7, shareType: "time-dependent" },
        webhooks: [{ id: hook.id, url: "https://hooks.example.com/ideavault", events: ["nda.accepted"] }],
      },
      agreements: [
        { id: ownNda.id, title: "Ada's NDA", isDefault: true, deletedAt: null, versions: [{ version: 1, title: "Ada's NDA", body: "1. Keep it secret, {recipientName}." }] },
      ],
      files: [{ id: image.id, kind: "image", fileName: "kettle pic.png", path: `files/${image.id}-kettle_pic.png` }],
      problems: [],
    });
    expect(account.ideas.map((i: { id: number }) => i.id)).toEqual([published.id, draft.id, pdf.id]);
    const [kettle, half] = account.ideas;
    expect(kettle).toMatchObject({
      title: "Solar Kettle",
      status: "published",
      file: `${v1}/idea-${published.id}.html`,
      proof: { status: "pending", digest: published.contentSha256, ots: `${v1}/idea-${published.id}.html.ots` },
      versions: [{ version: 1, file: `${v1}/idea-${published.id}.html`, ots: `${v1}/idea-${published.id}.html.ots`, guide: `${v1}/HOW-TO-VERIFY.txt` }],
      links: [{
        id: share.id, shareType: "full-access", accessLink: share.accessLink, name: "Sequoia, partner meeting", note: "See page 2 first",
        allowedDomains: ["sequoia.example"], blockedDomains: [], requireNda: true, passcode: true, recipients: [{ id: grace.id, name: "Grace Hopper", email: "grace@example.com", agreedToNda: true }],
      }],
      agreements: [{ id: nda.id, recipientId: grace.id, agreementText: nda.agreementText, certificate: `${agreement}/nda-certificate-${nda.id}.pdf` }],
      comments: [{ author: "Grace Hopper", content: "Nice kettle", authorRole: "recipient" }],
    });
    expect(half).toMatchObject({ status: "draft", proof: null, links: [], agreements: [], comments: [] });
    expect(JSON.stringify(account)).not.toContain("Not Ada's");
    expect(JSON.stringify(account)).not.toContain("secretCiphertext");
    expect(JSON.stringify(account)).not.toContain("passcode-hash-never-exported");

    const readme = text(zip.entries["README.txt"]);
    expect(readme).toContain("ots verify idea-3.pdf.ots");
    expect(readme).toContain(`/verify`);
    expect(readme).toContain(`idea-${draft.id} (draft) "Half an idea": no proof: drafts are not timestamped`);
    expect(readme).toContain(`idea-${published.id} (published) "Solar Kettle": proof pending (${v1}/idea-${published.id}.html.ots)`);
    expect(readme).not.toContain("Left out");
  });

  it("holds every published version under versions/vN with its proof; the latest is the idea's file", async () => {
    const ada = await createUser();
    const idea = await createPublished(ada.id, { title: "Solar Kettle", content: "<p>Boil with sunlight</p>" });
    const v1Stamped = (await getIdeaStampedFile(ada.id, idea.id, 1)).bytes;
    const ots = crypto.randomBytes(120);
    await db.timestampProof.updateMany({ where: { ideaVersion: { ideaId: idea.id, version: 1 } }, data: { status: "pending", ots, submittedAt: new Date() } });
    const { createDraftVersion, updateDraftVersion } = await import("@/lib/domain/ideas/versions");
    const { publishIdea } = await import("@/lib/domain/ideas");
    await createDraftVersion(ada.id, idea.id);
    await updateDraftVersion(ada.id, idea.id, 2, { title: "Solar Kettle II", content: "<p>Boil with mirrors</p>" });
    await publishIdea(ada.id, idea.id);
    session.user = { id: ada.id, name: ada.name, email: ada.email, profileImage: null };
    const zip = unzip(await readAll(await exportCall()));
    const p = `ideas/idea-${idea.id}`;
    expect(bytesOf(zip.entries[`${p}/versions/v2/idea-${idea.id}.html`])).toEqual((await getIdeaStampedFile(ada.id, idea.id, 2)).bytes);
    expect(JSON.parse(text(zip.entries["account.json"])).ideas[0].file).toBe(`${p}/versions/v2/idea-${idea.id}.html`);
    expect(bytesOf(zip.entries[`${p}/versions/v1/idea-${idea.id}.html`])).toEqual(v1Stamped);
    expect(bytesOf(zip.entries[`${p}/versions/v1/idea-${idea.id}.html.ots`])).toEqual(ots);
  });

  it("a file missing from the store is left out and named, the rest still exported", async () => {
    const ada = await createUser();
    const pdf = await createPdfIdea(ada.id, { title: "Whitepaper", fileName: "whitepaper.pdf", data: MINIMAL_PDF });
    const asset = await db.asset.findFirstOrThrow({ where: { ideaId: pdf.id } });
    fs.rmSync(blobPath(asset.blobKey));
    session.user = { id: ada.id, name: ada.name, email: ada.email, profileImage: null };
    const zip = unzip(await readAll(await exportCall()));
    expect(zip.bad).toBeNull();
    expect(Object.keys(zip.entries).sort()).toEqual(["README.txt", "account.json", `ideas/idea-${pdf.id}/activity.csv`]);
    const account = JSON.parse(text(zip.entries["account.json"]));
    expect(account.problems).toEqual([`ideas/idea-${pdf.id}/idea-${pdf.id}.pdf: left out (File not found).`]);
    expect(account.ideas[0].file).toBeNull();
    expect(text(zip.entries["README.txt"])).toContain(`Left out\n--------\nideas/idea-${pdf.id}/idea-${pdf.id}.pdf: left out (File not found).`);
  });

  it("holds the brand: its settings in account.json and the logo as files/brand-logo.png", async () => {
    const ada = await createUser();
    await db.user.update({ where: { id: ada.id }, data: { brandName: "Acme Labs", brandAccent: "#1a73e8" } });
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#00ff00" } }).png().toBuffer();
    await setBrandLogo(ada.id, { field: "file", fileName: "logo.png", declaredType: "image/png", data: png });
    session.user = { id: ada.id, name: ada.name, email: ada.email, profileImage: null };
    const zip = unzip(await readAll(await exportCall()));
    expect(zip.bad).toBeNull();
    const { key } = await db.user.findUniqueOrThrow({ where: { id: ada.id }, select: { brandLogoKey: true } }).then((u) => ({ key: u.brandLogoKey! }));
    expect(bytesOf(zip.entries["files/brand-logo.png"])).toEqual(await readBrandLogo(key));
    expect(JSON.parse(text(zip.entries["account.json"])).settings.brand).toEqual({ displayName: "Acme Labs", accentColor: "#1a73e8", logo: "files/brand-logo.png" });
  });

  it("streams: the first bytes leave before the later files are read, and 30 MB of files come out whole", async () => {
    const ada = await createUser();
    const sizes = [5, 5, 5, 5, 5, 5].map((mb) => mb * 1024 * 1024);
    const digests: Record<number, string> = {};
    for (const [i, size] of sizes.entries()) {
      // A PDF carrying a stream of random bytes: incompressible, about as large as it says, and a PDF the upload opens.
      const pdfWith = (noise: Buffer) =>
        rawPdf([
          "<< /Type /Catalog /Pages 2 0 R >>",
          "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
          "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
          Buffer.concat([Buffer.from(`<< /Length ${noise.length} >>\nstream\n`), noise, Buffer.from("\nendstream")]),
        ]);
      const overhead = pdfWith(Buffer.alloc(size - 1000)).length - (size - 1000); // same digit count as the real one
      const data = pdfWith(crypto.randomBytes(size - overhead));
      const idea = await createPdfIdea(ada.id, { title: `Big ${i}`, fileName: `big-${i}.pdf`, data });
      digests[idea.id] = crypto.createHash("sha256").update(data).digest("hex");
    }
    const reads = jest.spyOn(DiskBlobStore.prototype, "get");
    try {
      session.user = { id: ada.id, name: ada.name, email: ada.email, profileImage: null };
      const res = await exportCall();
      expect(reads).not.toHaveBeenCalled(); // nothing is read before someone pulls
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      // Only the first file was read to send the first bytes; the other five wait for the reader.
      expect(reads).toHaveBeenCalledTimes(1);
      const chunks: Buffer[] = [Buffer.from(first.value!)];
      let largest = first.value!.length;
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        chunks.push(Buffer.from(next.value));
        largest = Math.max(largest, next.value.length);
      }
      expect(reads).toHaveBeenCalledTimes(6);
      // The stream's chunks are slices, never a whole file.
      expect(largest).toBeLessThanOrEqual(512 * 1024);
      const zip = unzip(Buffer.concat(chunks), false);
      expect(zip.bad).toBeNull();
      for (const id of Object.keys(digests)) expect(zip.entries[`ideas/idea-${id}/idea-${id}.pdf`]).toBe(5 * 1024 * 1024);
    } finally {
      reads.mockRestore();
    }
  }, 120_000);

  it("401 signed out; a few exports an hour per account, then 429", async () => {
    const ada = await createUser();
    expect((await exportCall()).status).toBe(401);
    session.user = { id: ada.id, name: ada.name, email: ada.email, profileImage: null };
    for (let i = 0; i < 5; i++) {
      const res = await exportCall();
      expect(res.status).toBe(200);
      await res.body!.cancel();
    }
    const limited = await exportCall();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
