import "server-only";
import { appendEvidence } from "@/lib/domain/evidence-log/append";
import { numberParam } from "@/lib/domain/validation/path-params";
import { inspectPdfInPool } from "@/lib/domain/reader/pool";
import { queuePageRendering } from "@/lib/domain/reader/prerender";
import { keepReaderPageList } from "@/lib/domain/reader/cache";
import { db } from "@/lib/platform/db";
import { ownedIdeaOr404 } from "@/lib/domain/ideas/owned";
import { ConflictError, HttpError, NotFoundError } from "@/lib/platform/http/errors";
import { deleteAssetBlobs, deleteBlobs, storeEncryptedBlob } from "@/lib/domain/files";
import { assertWithinQuota } from "@/lib/domain/files/quota";
import { fromEditorContent, openContent, sealContent, toClientContent } from "@/lib/domain/ideas/content";
import { exportDigest } from "@/lib/domain/ideas/export";
import { presentProof, withRetryInterval, withTsaToken, type ProofWithToken } from "@/lib/domain/timestamps/proof";
import { queueDigests } from "@/lib/domain/timestamps/queue";
import type { IdeaVersion, Prisma } from "@/lib/generated/prisma/client";
import type { IdeaInput } from "@/lib/domain/validation/ideas";
import { copyImageLinks, recordImageLinks } from "@/lib/domain/ideas/image-links";

/**
 * Versions of a published idea. Every publication is an IdeaVersion row, read-only, with its own
 * proof; "New version" opens one draft (the next number) from the latest published title and content, which is
 * edited and published through the idea's usual publish call. The Idea row holds a copy of the latest published
 * version, so everything that reads "the idea" (an unpinned link, the owner's GET) reads the latest publication.
 */

export const NOT_PUBLISHED = "This idea is not published yet: publish it before starting a new version.";
export const DRAFT_EXISTS = "This idea already has a draft version: publish or delete it first.";
export const VERSION_READ_ONLY = "Published versions cannot be edited.";
export const VERSION_NOT_DELETABLE = "Published versions cannot be deleted.";
export const PDF_VERSION_NEEDS_FILE = "Upload the PDF of this version before publishing it.";
export const VERSION_NOT_FOUND = "Version not found";

/** A version number from the URL: a positive integer, else 404 like a missing version. */
export function parseVersionNumber(raw: string): number {
  if (!/^[1-9][0-9]{0,8}$/.test(raw)) throw new NotFoundError(VERSION_NOT_FOUND);
  return Number(raw);
}

const ownedIdea = (ownerId: string, ideaId: number) => ownedIdeaOr404(ownerId, ideaId, { select: { id: true, ownerId: true, status: true, version: true } });

async function ownedVersion(ownerId: string, ideaId: number, version: number) {
  const row = await db.ideaVersion.findFirst({ where: { ideaId, version, idea: { id: ideaId, ownerId } }, include: { timestamp: { include: withTsaToken } } });
  if (!row) throw new NotFoundError(VERSION_NOT_FOUND);
  return row;
}

/** The proof's state as the idea's timestamp call reports it, under `state` too (the versions list's name for it). */
export function presentVersionProof(p: ProofWithToken | null) {
  if (!p) return withRetryInterval({ state: "queued" as const, status: "queued" as const });
  const json = presentProof(p);
  return withRetryInterval({ state: json.status, ...json });
}

type VersionWithProof = IdeaVersion & { timestamp: ProofWithToken | null };

function presentSummary(v: VersionWithProof) {
  return {
    id: v.id,
    version: v.version,
    status: v.status,
    title: v.title,
    publishedAt: v.publishedAt,
    contentSha256: v.contentSha256,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
    timestamp: v.status === "published" ? presentVersionProof(v.timestamp) : null,
  };
}

/** One version with its decrypted content (a PDF draft without its new file still shows the previous one). */
function presentVersion(ownerId: string, v: VersionWithProof) {
  return {
    ...presentSummary(v),
    ideaId: v.ideaId,
    kind: v.kind,
    content: toClientContent(openContent(ownerId, v.contentCiphertext)),
    pdfUploadRequired: v.status === "draft" && v.kind === "pdf" && !v.pdfAssetId,
  };
}

/** GET /api/ideas/{id}/versions: newest first (an open draft, then the published versions). */
export async function listVersions(ownerId: string, ideaId: number) {
  await ownedIdea(ownerId, ideaId);
  const rows = await db.ideaVersion.findMany({ where: { ideaId }, orderBy: { version: "desc" }, include: { timestamp: { include: withTsaToken } } });
  return rows.map(presentSummary);
}

export async function getVersion(ownerId: string, ideaId: number, version: number) {
  return presentVersion(ownerId, await ownedVersion(ownerId, ideaId, version));
}

function draftExists(draft: { id: string; version: number }) {
  return new HttpError(409, DRAFT_EXISTS, { draftId: draft.id, id: draft.id, version: draft.version });
}

/** "New version": a draft numbered after the latest publication, starting from its title and content. */
export async function createDraftVersion(ownerId: string, ideaId: number) {
  const idea = await ownedIdea(ownerId, ideaId);
  if (idea.status !== "published" || idea.version === null) throw new ConflictError(NOT_PUBLISHED);
  const open = await db.ideaVersion.findFirst({ where: { ideaId, status: "draft" }, select: { id: true, version: true } });
  if (open) throw draftExists(open);
  const latest = await db.ideaVersion.findUniqueOrThrow({ where: { ideaId_version: { ideaId, version: idea.version } } });
  await assertWithinQuota(ownerId, latest.contentCiphertext.length);
  try {
    const created = await db.$transaction(async (tx) => {
      const created = await tx.ideaVersion.create({
        data: {
          ideaId,
          version: latest.version + 1,
          status: "draft",
          title: latest.title,
          kind: latest.kind,
          contentCiphertext: latest.contentCiphertext,
          contentKeyId: latest.contentKeyId,
          // A PDF version is a new file: the draft has none until it is uploaded (publishing waits for it).
          pdfAssetId: null,
        },
        include: { timestamp: { include: withTsaToken } },
      });
      const from = { ideaId, version: latest.version, ownerId, recorded: latest.imageLinksRecorded, contentCiphertext: latest.contentCiphertext };
      await copyImageLinks(tx, from, { ideaId, version: created.version });
      return created;
    });
    return presentVersion(ownerId, created);
  } catch (err) {
    // Two racing calls: the one-draft index (or the version number) lets one through; the other answers like a second call.
    if ((err as { code?: string }).code !== "P2002") throw err;
    const winner = await db.ideaVersion.findFirst({ where: { ideaId, status: "draft" }, select: { id: true, version: true } });
    if (winner) throw draftExists(winner);
    throw new ConflictError(DRAFT_EXISTS);
  }
}

/** The draft's title and content; a published version is read-only like a published idea. */
export async function updateDraftVersion(ownerId: string, ideaId: number, version: number, input: IdeaInput) {
  const row = await ownedVersion(ownerId, ideaId, version);
  if (row.status === "published") throw new ConflictError(VERSION_READ_ONLY);
  const content = row.kind !== "pdf" && input.content != null ? fromEditorContent(input.content) : null;
  const sealed = content ? sealContent(ownerId, content) : null;
  if (sealed) await assertWithinQuota(ownerId, sealed.contentCiphertext.length, row.contentCiphertext.length);
  const data = sealed ? { title: input.title, ...sealed } : { title: input.title };
  // The status condition makes a concurrent publish win: no edit lands after publication.
  await db.$transaction(async (tx) => {
    const updated = await tx.ideaVersion.updateMany({ where: { id: row.id, status: "draft" }, data });
    if (updated.count !== 1) throw new ConflictError(VERSION_READ_ONLY);
    if (content) await recordImageLinks(tx, ownerId, { ideaId, version }, content, { recorded: row.imageLinksRecorded });
  });
  return getVersion(ownerId, ideaId, version);
}

/** The draft's own file (a PDF draft's upload), unless a published version or the idea uses it. */
async function draftOnlyAsset(tx: Prisma.TransactionClient, ownerId: string, assetId: string | null) {
  if (!assetId) return null;
  const used = await tx.ideaVersion.count({ where: { pdfAssetId: assetId, status: "published" } });
  const ofIdea = await tx.idea.count({ where: { pdfAssetId: assetId } });
  if (used || ofIdea) return null;
  return tx.asset.findFirst({ where: { id: assetId, ownerId }, select: { id: true, blobKey: true } });
}

/** Deletes a draft version (and a PDF it uploaded); a published version stays forever. */
export async function deleteDraftVersion(ownerId: string, ideaId: number, version: number) {
  const row = await ownedVersion(ownerId, ideaId, version);
  if (row.status === "published") throw new ConflictError(VERSION_NOT_DELETABLE);
  const assets = await db.$transaction(async (tx) => {
    const deleted = await tx.ideaVersion.deleteMany({ where: { id: row.id, status: "draft" } });
    if (deleted.count !== 1) throw new ConflictError(VERSION_NOT_DELETABLE);
    await tx.ideaImage.deleteMany({ where: { ideaId, version } });
    const asset = await draftOnlyAsset(tx, ownerId, row.pdfAssetId);
    if (asset) await tx.asset.delete({ where: { id: asset.id } });
    return asset ? [asset] : [];
  });
  await deleteAssetBlobs(assets);
}

/** A PDF draft's new file (multipart upload, checked like a new PDF idea's); a previous upload of the draft goes. */
export async function uploadDraftVersionPdf(ownerId: string, ideaId: number, version: number, file: { fileName: string; data: Buffer }) {
  const row = await ownedVersion(ownerId, ideaId, version);
  if (row.status === "published") throw new ConflictError(VERSION_READ_ONLY);
  if (row.kind !== "pdf") throw new ConflictError("Only a PDF idea's version takes a PDF file.");
  const pages = await inspectPdfInPool(file.data);
  await assertWithinQuota(ownerId, file.data.length);
  const { blobKey, keyId } = await storeEncryptedBlob(ownerId, file.data);
  const fileName = file.fileName.slice(0, 255) || "document.pdf";
  try {
    const { replaced, asset } = await db.$transaction(async (tx) => {
      const asset = await tx.asset.create({
        data: { ownerId, ideaId, kind: "pdf", fileName, contentType: "application/pdf", size: file.data.length, blobKey, keyId },
      });
      const updated = await tx.ideaVersion.updateMany({
        where: { id: row.id, status: "draft" },
        data: { pdfAssetId: asset.id, ...sealContent(ownerId, { kind: "pdf", fileName, assetId: asset.id }) },
      });
      if (updated.count !== 1) throw new ConflictError(VERSION_READ_ONLY);
      const previous = await draftOnlyAsset(tx, ownerId, row.pdfAssetId);
      if (previous) await tx.asset.delete({ where: { id: previous.id } });
      return { replaced: previous ? [previous] : [], asset };
    });
    await deleteAssetBlobs(replaced);
    await keepReaderPageList(asset, pages);
  } catch (err) {
    await deleteBlobs([blobKey]);
    throw err;
  }
  return getVersion(ownerId, ideaId, version);
}

/**
 * Publishes the idea's open draft version: its digest is fixed and queued like a first publication, the version
 * becomes read-only, and the Idea row takes its title and content (the latest publication). The draft row is locked
 * while its state changes, so no edit slips in between the digest and the publication. Returns false when there is
 * no draft (publishing a published idea twice changes nothing).
 */
export async function publishDraftVersion(ownerId: string, ideaId: number): Promise<boolean> {
  const draft = await db.ideaVersion.findFirst({ where: { ideaId, status: "draft", idea: { ownerId } } });
  if (!draft) return false;
  if (draft.kind === "pdf" && !draft.pdfAssetId) throw new ConflictError(PDF_VERSION_NEEDS_FILE);
  const exportable = (v: typeof draft) => ({ id: ideaId, ownerId, title: v.title, contentCiphertext: v.contentCiphertext });
  let digest = await exportDigest(exportable(draft));
  await db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "IdeaVersion" WHERE "id" = ${draft.id} AND "status" = 'draft' FOR UPDATE`;
    if (!locked.length) return;
    const v = await tx.ideaVersion.findUniqueOrThrow({ where: { id: draft.id } });
    if (v.title !== draft.title || !Buffer.from(v.contentCiphertext).equals(Buffer.from(draft.contentCiphertext))) {
      digest = await exportDigest(exportable(v));
    }
    const now = new Date();
    await tx.ideaVersion.update({ where: { id: v.id }, data: { status: "published", publishedAt: now, contentSha256: digest } });
    await tx.idea.update({
      where: { id: ideaId },
      data: {
        title: v.title,
        kind: v.kind,
        contentCiphertext: v.contentCiphertext,
        contentKeyId: v.contentKeyId,
        pdfAssetId: v.pdfAssetId,
        contentSha256: digest,
        publishedAt: now,
        blockchainTimestamp: now,
        version: v.version,
      },
    });
    // The Idea row now shows this version's content: its links too.
    await copyImageLinks(tx, { ideaId, version: v.version, ownerId, recorded: v.imageLinksRecorded, contentCiphertext: v.contentCiphertext }, { ideaId, version: null }, { replace: true });
    await queueDigests(tx, [{ ideaVersionId: v.id, digest }]);
    await queuePageRendering(tx, v.pdfAssetId);
    await logPublished(tx, ideaId, v.version, digest, now);
  });
  return true;
}

/** The evidence entry of a version published: its number and the SHA-256 its timestamp proves. */
function logPublished(tx: Prisma.TransactionClient, ideaId: number, version: number, sha256: string, publishedAt: Date) {
  return appendEvidence(tx, { ideaId, type: "version.published", data: { version, sha256, publishedAt: publishedAt.toISOString() } });
}

/** Version 1 of an idea being published for the first time (inside publishIdea's transaction), with its proof queued. */
export async function recordFirstVersion(
  tx: Prisma.TransactionClient,
  idea: { id: number; ownerId: string; title: string; kind: IdeaVersion["kind"]; contentCiphertext: Uint8Array; contentKeyId: string; pdfAssetId: string | null; imageLinksRecorded: boolean },
  digest: string,
  publishedAt: Date,
) {
  const v = await tx.ideaVersion.create({
    data: {
      ideaId: idea.id,
      version: 1,
      status: "published",
      title: idea.title,
      kind: idea.kind,
      contentCiphertext: new Uint8Array(idea.contentCiphertext),
      contentKeyId: idea.contentKeyId,
      pdfAssetId: idea.pdfAssetId,
      contentSha256: digest,
      publishedAt,
    },
  });
  // Version 1 shows what the Idea row shows: the same links.
  await copyImageLinks(tx, { ideaId: idea.id, version: null, ownerId: idea.ownerId, recorded: idea.imageLinksRecorded, contentCiphertext: idea.contentCiphertext }, { ideaId: idea.id, version: 1 });
  await queueDigests(tx, [{ ideaVersionId: v.id, digest }]);
  await queuePageRendering(tx, idea.pdfAssetId);
  await logPublished(tx, idea.id, 1, digest, publishedAt);
  return v;
}

/** Per idea: the open draft's number, if any (for the portfolio's hasDraft). */
export async function openDraftIdeaIds(ideaIds: number[]) {
  if (!ideaIds.length) return new Set<number>();
  const rows = await db.ideaVersion.findMany({ where: { ideaId: { in: ideaIds }, status: "draft" }, select: { ideaId: true } });
  return new Set(rows.map((r) => r.ideaId));
}

/** A version number as a path segment: what parseVersionNumber admits, else its 404. */
export const versionNumberParam = numberParam(parseVersionNumber);
