import fs from "node:fs";
import { db } from "@/lib/platform/db";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/platform/http/errors";
import { listAssets, readAssetBytes, type AssetMeta } from "@/lib/domain/files";
import { findReadableAsset } from "@/lib/domain/shares/readable-asset";
import { NOT_AN_IMAGE, setProfileImage, uploadEditorImage } from "@/lib/domain/ideas/images";
import { fileResponse } from "@/lib/domain/reader/serve";
import { deleteIdea } from "@/lib/domain/ideas";
import { isPdf, sniffImageType } from "@/lib/domain/files/sniff";
import type { UploadedFile } from "@/lib/platform/uploads/multipart";
import { PNG, MINIMAL_PDF, createDraft, createPdfDraft, createPublished, createUser } from "../../../factories";
import { blobFiles, blobPath } from "../../../db-utils";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// A real 1×1 PNG.
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("JFIF-ish body")]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');

const upload = (data: Buffer, fileName = "picture.png", declaredType = "image/png"): UploadedFile => ({ field: "file", fileName, declaredType, data });



async function meta(ownerId: string, assetId: string): Promise<AssetMeta> {
  const asset = await findReadableAsset(ownerId, assetId);
  if (!asset) throw new Error("asset not readable");
  return asset;
}

describe("sniffing", () => {
  it("recognises images by their bytes only and never SVG", () => {
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(JPEG)).toBe("image/jpeg");
    expect(sniffImageType(Buffer.from("GIF89a...."))).toBe("image/gif");
    expect(sniffImageType(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(sniffImageType(SVG)).toBeNull();
    expect(sniffImageType(Buffer.from("hello"))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
    expect(isPdf(MINIMAL_PDF)).toBe(true);
    expect(isPdf(PNG)).toBe(false);
  });
});

describe("uploadEditorImage", () => {
  it("accepts a real PNG, stores it encrypted and reads it back", async () => {
    const user = await createUser();
    const idea = await createDraft(user.id);
    const result = await uploadEditorImage(user.id, upload(PNG, "diagram.png"), idea.id);
    expect(result.url).toBe(`/api/files/${result.id}`);

    const asset = await db.asset.findUniqueOrThrow({ where: { id: result.id } });
    expect(asset).toMatchObject({ ownerId: user.id, ideaId: idea.id, kind: "image", fileName: "diagram.png", contentType: "image/png", size: PNG.length, keyId: "test1" });

    expect(blobFiles()).toEqual([asset.blobKey]);
    const onDisk = fs.readFileSync(blobPath(asset.blobKey));
    expect(onDisk.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)).toBe(false);
    expect(onDisk.includes(PNG_SIGNATURE)).toBe(false);
    expect(onDisk.includes(Buffer.from("IHDR"))).toBe(false);
    expect(onDisk.subarray(0, 3).toString()).toBe("IV1");
    expect((await readAssetBytes(asset)).equals(PNG)).toBe(true);
  });

  it("takes the real type from the bytes, not the declared type or the name", async () => {
    const user = await createUser();
    const result = await uploadEditorImage(user.id, upload(JPEG, "photo.png", "image/png"), null);
    expect((await db.asset.findUniqueOrThrow({ where: { id: result.id } })).contentType).toBe("image/jpeg");
  });

  it("refuses a renamed text file, an SVG and an empty upload with ValidationError, storing nothing", async () => {
    const user = await createUser();
    await expect(uploadEditorImage(user.id, upload(Buffer.from("just some text, honest"), "notes.png", "image/png"), null)).rejects.toMatchObject({ status: 400, message: NOT_AN_IMAGE });
    await expect(uploadEditorImage(user.id, upload(SVG, "logo.svg", "image/svg+xml"), null)).rejects.toBeInstanceOf(ValidationError);
    await expect(uploadEditorImage(user.id, upload(Buffer.alloc(0)), null)).rejects.toBeInstanceOf(ValidationError);
    await expect(uploadEditorImage(user.id, null, null)).rejects.toBeInstanceOf(ValidationError);
    expect(await db.asset.count()).toBe(0);
    expect(blobFiles()).toEqual([]);
  });

  it("refuses an idea of another user (or a missing one) with NotFoundError, storing nothing", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const idea = await createDraft(owner.id);
    await expect(uploadEditorImage(intruder.id, upload(PNG), idea.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(uploadEditorImage(owner.id, upload(PNG), 987_654)).rejects.toBeInstanceOf(NotFoundError);
    expect(await db.asset.count()).toBe(0);
    expect(blobFiles()).toEqual([]);
  });

  it("refuses images for a published (read-only) idea with ConflictError", async () => {
    const owner = await createUser();
    const idea = await createPublished(owner.id);
    await expect(uploadEditorImage(owner.id, upload(PNG), idea.id)).rejects.toBeInstanceOf(ConflictError);
    expect(await db.asset.count()).toBe(0);
  });

  it("only the owner can read the asset", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { id } = await uploadEditorImage(owner.id, upload(PNG), null);
    expect(await findReadableAsset(other.id, id)).toBeNull();
    expect(await findReadableAsset(owner.id, id)).toMatchObject({ id, contentType: "image/png", size: PNG.length });
  });
});

describe("fileResponse", () => {
  async function pngAsset() {
    const user = await createUser();
    const { id } = await uploadEditorImage(user.id, upload(PNG, "Schéma \"1\".png"), null);
    return meta(user.id, id);
  }
  const get = (headers: Record<string, string> = {}) => new Request("http://localhost/api/files/x", { headers });

  it("serves the whole file inline with its type, a safe filename and strict headers", async () => {
    const asset = await pngAsset();
    const res = await fileResponse(get(), asset);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Content-Disposition")).toBe(`inline; filename="Sch_ma _1_.png"; filename*=UTF-8''${encodeURIComponent('Schéma "1".png')}`);
    expect(res.headers.get("Content-Length")).toBe(String(PNG.length));
    expect(res.headers.get("Accept-Ranges")).toBe("bytes");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store, no-transform");
    expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);

    const download = await fileResponse(get(), asset, { download: true });
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment; filename="/);
  });

  it("serves a PDF with only the framing rule (no sandbox)", async () => {
    const user = await createUser();
    await createPdfDraft(user.id, "Spec");
    const asset = await meta(user.id, (await db.asset.findFirstOrThrow()).id);
    const res = await fileResponse(get(), asset);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe(`inline; filename="Spec.pdf"; filename*=UTF-8''Spec.pdf`);
    expect(res.headers.get("Content-Security-Policy")).toBe("frame-ancestors 'self'");
    expect(Buffer.from(await res.arrayBuffer()).equals(MINIMAL_PDF)).toBe(true);
  });

  it("answers Range bytes=0-3 with 206, the first 4 bytes and Content-Range", async () => {
    const asset = await pngAsset();
    const res = await fileResponse(get({ Range: "bytes=0-3" }), asset);
    expect(res.status).toBe(206);
    expect(res.headers.get("Content-Range")).toBe(`bytes 0-3/${PNG.length}`);
    expect(res.headers.get("Content-Length")).toBe("4");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG.subarray(0, 4))).toBe(true);
  });

  it("answers a suffix range bytes=-4 with the last 4 bytes", async () => {
    const asset = await pngAsset();
    const res = await fileResponse(get({ Range: "bytes=-4" }), asset);
    expect(res.status).toBe(206);
    expect(res.headers.get("Content-Range")).toBe(`bytes ${PNG.length - 4}-${PNG.length - 1}/${PNG.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG.subarray(PNG.length - 4))).toBe(true);
  });

  it("answers open-ended and over-long ranges by clamping to the end of the file", async () => {
    const asset = await pngAsset();
    const open = await fileResponse(get({ Range: "bytes=10-" }), asset);
    expect(open.status).toBe(206);
    expect(open.headers.get("Content-Range")).toBe(`bytes 10-${PNG.length - 1}/${PNG.length}`);
    expect(Buffer.from(await open.arrayBuffer()).equals(PNG.subarray(10))).toBe(true);

    const long = await fileResponse(get({ Range: "bytes=60-999999" }), asset);
    expect(long.headers.get("Content-Range")).toBe(`bytes 60-${PNG.length - 1}/${PNG.length}`);

    const bigSuffix = await fileResponse(get({ Range: "bytes=-999999" }), asset);
    expect(bigSuffix.status).toBe(206);
    expect(Buffer.from(await bigSuffix.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("answers an unsatisfiable range bytes=999999- with 416 and Content-Range bytes */size", async () => {
    const asset = await pngAsset();
    for (const range of ["bytes=999999-", `bytes=${PNG.length}-`]) {
      const res = await fileResponse(get({ Range: range }), asset);
      expect(res.status).toBe(416);
      expect(res.headers.get("Content-Range")).toBe(`bytes */${PNG.length}`);
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it("ignores malformed and multi-range headers (whole file, 200)", async () => {
    const asset = await pngAsset();
    for (const range of ["bytes=0-1,4-5", "items=0-3", "bytes=-", "bytes=a-b", "bytes=5-2"]) {
      const res = await fileResponse(get({ Range: range }), asset);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    }
  });
});

describe("profile images and listAssets", () => {
  it("setProfileImage replaces the previous image and deletes its row and blob", async () => {
    const user = await createUser();
    const first = await setProfileImage(user.id, upload(PNG, "me.png"));
    const firstAsset = await db.asset.findFirstOrThrow();
    expect(first.profileImage).toBe(`/api/files/${firstAsset.id}`);
    expect(firstAsset.kind).toBe("profile");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).profileImageId).toBe(firstAsset.id);
    expect(blobFiles()).toEqual([firstAsset.blobKey]);

    const second = await setProfileImage(user.id, upload(JPEG, "me2.jpg", "image/jpeg"));
    const assets = await db.asset.findMany();
    expect(assets).toHaveLength(1);
    expect(assets[0].id).not.toBe(firstAsset.id);
    expect(assets[0].contentType).toBe("image/jpeg");
    expect(second.profileImage).toBe(`/api/files/${assets[0].id}`);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).profileImageId).toBe(assets[0].id);
    expect(fs.existsSync(blobPath(firstAsset.blobKey))).toBe(false);
    expect(blobFiles()).toEqual([assets[0].blobKey]);
  });

  // Two uploads at once (double submit): each transaction reads the same previous image, the second one's delete
  // finds nothing (Prisma P2025) and fails, leaving its freshly stored asset row and blob orphaned.
  it("concurrent setProfileImage calls all succeed and leave exactly one profile image (row and blob)", async () => {
    const user = await createUser();
    await setProfileImage(user.id, upload(PNG, "v1.png"));
    const results = await Promise.allSettled([2, 3, 4].map((n) => setProfileImage(user.id, upload(PNG, `v${n}.png`))));
    const current = await db.asset.findFirstOrThrow({ where: { profileUser: { id: user.id } } });
    const assets = await db.asset.findMany({ where: { ownerId: user.id }, select: { id: true } });
    expect({ outcomes: results.map((r) => r.status), assets: assets.map((a) => a.id), blobs: blobFiles() }).toEqual({
      outcomes: ["fulfilled", "fulfilled", "fulfilled"],
      assets: [current.id],
      blobs: [current.blobKey],
    });
  });

  it("setProfileImage refuses a non-image and keeps the current one", async () => {
    const user = await createUser();
    await setProfileImage(user.id, upload(PNG));
    const before = await db.asset.findFirstOrThrow();
    await expect(setProfileImage(user.id, upload(SVG, "x.svg", "image/svg+xml"))).rejects.toBeInstanceOf(ValidationError);
    expect(await db.asset.findMany()).toEqual([before]);
    expect(blobFiles()).toEqual([before.blobKey]);
  });

  it("listAssets lists the owner's images and PDFs, not profile images or other users' files", async () => {
    const user = await createUser();
    const other = await createUser();
    await setProfileImage(user.id, upload(PNG, "avatar.png"));
    const image = await uploadEditorImage(user.id, upload(PNG, "inline.png"), null);
    await createPdfDraft(user.id, "Paper");
    await uploadEditorImage(other.id, upload(PNG, "theirs.png"), null);

    const list = await listAssets(user.id);
    expect(list.map((a) => a.fileName).sort()).toEqual(["Paper.pdf", "inline.png"]);
    expect(list.find((a) => a.id === image.id)).toEqual({
      id: image.id,
      fileName: "inline.png",
      filePath: `/api/files/${image.id}`,
      contentType: "image/png",
      kind: "image",
      createdAt: expect.any(Date),
    });
  });
});

// The same image uploaded twice was stored, and listed in My Assets, twice.
describe("the same editor image uploaded again", () => {
  // Same size as PNG, one byte different: only the bytes tell them apart.
  const OTHER_PNG = Buffer.from(PNG);
  OTHER_PNG[OTHER_PNG.length - 1] ^= 0xff;

  it("answers the stored file: one row, one blob, listed once", async () => {
    const user = await createUser();
    const idea = await createDraft(user.id);
    const first = await uploadEditorImage(user.id, upload(PNG, "diagram.png"), idea.id);
    const again = await uploadEditorImage(user.id, upload(Buffer.from(PNG), "diagram (1).png"), idea.id);

    expect(again).toEqual(first);
    const rows = await db.asset.findMany({ where: { ownerId: user.id } });
    expect(rows.map((a) => [a.id, a.ideaId, a.fileName])).toEqual([[first.id, idea.id, "diagram.png"]]);
    expect(blobFiles()).toEqual([rows[0].blobKey]);
    expect((await listAssets(user.id)).map((a) => a.id)).toEqual([first.id]);
  });

  it("used by a second idea, the file is detached so deleting either idea keeps it", async () => {
    const user = await createUser();
    const a = await createDraft(user.id, { title: "A" });
    const b = await createDraft(user.id, { title: "B" });
    const inA = await uploadEditorImage(user.id, upload(PNG), a.id);
    const inB = await uploadEditorImage(user.id, upload(PNG), b.id);
    expect(inB.id).toBe(inA.id);
    expect((await db.asset.findUniqueOrThrow({ where: { id: inA.id } })).ideaId).toBeNull();

    await deleteIdea(user.id, a.id);
    const kept = await db.asset.findUniqueOrThrow({ where: { id: inA.id } });
    expect((await readAssetBytes(kept)).equals(PNG)).toBe(true);
    expect(blobFiles()).toEqual([kept.blobKey]);
  });

  it("stores different bytes of the same size, and another creator's identical image, as files of their own", async () => {
    const user = await createUser();
    const other = await createUser();
    const first = await uploadEditorImage(user.id, upload(PNG), null);
    const different = await uploadEditorImage(user.id, upload(OTHER_PNG), null);
    const theirs = await uploadEditorImage(other.id, upload(PNG), null);

    expect(new Set([first.id, different.id, theirs.id]).size).toBe(3);
    expect((await listAssets(user.id)).map((a) => a.id).sort()).toEqual([first.id, different.id].sort());
    expect((await listAssets(other.id)).map((a) => a.id)).toEqual([theirs.id]);
    expect(blobFiles()).toHaveLength(3);
  });

  it("does not count the repeated upload against the storage quota", async () => {
    const user = await createUser();
    await uploadEditorImage(user.id, upload(PNG), null);
    const before = await db.asset.aggregate({ where: { ownerId: user.id }, _sum: { size: true } });
    await uploadEditorImage(user.id, upload(PNG), null);
    const after = await db.asset.aggregate({ where: { ownerId: user.id }, _sum: { size: true } });
    expect(after._sum.size).toBe(before._sum.size);
  });
});
