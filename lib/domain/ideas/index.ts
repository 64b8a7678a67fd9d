import "server-only";
import { inspectPdfInPool } from "@/lib/domain/reader/pool";
import { keepReaderPageList } from "@/lib/domain/reader/cache";
import { db } from "@/lib/platform/db";
import { ownedIdeaOr404 } from "@/lib/domain/ideas/owned";
import { ideaCounts } from "@/lib/domain/ideas/counts";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ConflictError } from "@/lib/platform/http/errors";
import { deleteAssetBlobs, deleteBlobs, storeEncryptedBlob } from "@/lib/domain/files";
import { assertWithinQuota } from "@/lib/domain/files/quota";
import { DEFAULT_IDEA_TEMPLATE } from "@/lib/domain/ideas/default-template";
import { sealContent, openContent, toClientContent, fromEditorContent } from "@/lib/domain/ideas/content";
import { exportDigest } from "@/lib/domain/ideas/export";
import { presentTimestampSummary, timestampSummarySelect } from "@/lib/domain/timestamps/proof";
import { publishDraftVersion, recordFirstVersion } from "@/lib/domain/ideas/versions";
import { recordImageLinks } from "@/lib/domain/ideas/image-links";
import { ideaTitleSchema, type IdeaInput } from "@/lib/domain/validation/ideas";
import { stripUnsafeText } from "@/lib/domain/validation/text";

export const PUBLISHED_READ_ONLY = "Published ideas cannot be edited.";
export const PUBLISHED_NOT_DELETABLE = "Published ideas cannot be deleted.";

const listSelect = {
  id: true,
  title: true,
  status: true,
  kind: true,
  blockchainTimestamp: true,
  lastModified: true,
  version: true,
  // The latest publication's proof (proofs hang on versions) and whether a next version is being written.
  versions: {
    where: { OR: [{ status: "draft" }, { timestamp: { isNot: null } }] },
    orderBy: { version: "desc" },
    take: 2,
    select: { status: true, timestamp: { select: timestampSummarySelect } },
  },
} satisfies Prisma.IdeaSelect;

/**
 * List fields only: content is never decrypted for the portfolio. One item per idea, with `version` (the latest
 * published, null when never published), `hasDraft` (a next version is open), the latest publication's proof, and
 * `viewCount` / `recipientCount` (views recorded, distinct recipient e-mails over all its links).
 */
export async function listIdeas(ownerId: string) {
  const rows = await db.idea.findMany({ where: { ownerId }, orderBy: { lastModified: "desc" }, select: listSelect });
  // Each card's views and recipients: grouped queries over all the ideas at once.
  const counts = await ideaCounts(rows.map((r) => r.id));
  return rows.map(({ versions, ...idea }) => ({
    ...idea,
    hasDraft: versions.some((v) => v.status === "draft"),
    timestamp: presentTimestampSummary(versions.find((v) => v.status === "published")?.timestamp ?? null),
    viewCount: counts.get(idea.id)?.viewCount ?? 0,
    recipientCount: counts.get(idea.id)?.recipientCount ?? 0,
  }));
}

const findOwned = (ownerId: string, id: number) => ownedIdeaOr404(ownerId, id);

async function present(idea: Awaited<ReturnType<typeof findOwned>>) {
  const { contentCiphertext, contentKeyId: _k, ownerId, pdfAssetId: _p, ...rest } = idea;
  // The open next version, if any: the editor opens it for editing (GET/PUT /api/ideas/{id}/versions/{n}).
  const draft = idea.status === "published" ? await db.ideaVersion.findFirst({ where: { ideaId: idea.id, status: "draft" }, select: { id: true, version: true } }) : null;
  return { ...rest, content: toClientContent(openContent(ownerId, contentCiphertext)), hasDraft: draft !== null, draftVersion: draft?.version ?? null };
}

/** Title and status of the owner's idea (no content decrypted), or null when it is not theirs or does not exist. */
export async function findIdeaSummary(ownerId: string, id: number) {
  return db.idea.findFirst({ where: { id, ownerId }, select: { id: true, title: true, status: true, kind: true, version: true } });
}

export async function getIdea(ownerId: string, id: number) {
  return present(await findOwned(ownerId, id));
}

export async function createIdea(ownerId: string, input: IdeaInput) {
  const blank = input.content == null || (typeof input.content === "string" && input.content.trim() === "");
  const content = blank ? { kind: "html" as const, html: DEFAULT_IDEA_TEMPLATE } : fromEditorContent(input.content!);
  if (!content) throw new ConflictError("PDF ideas are created by uploading a PDF");
  const sealed = sealContent(ownerId, content);
  await assertWithinQuota(ownerId, sealed.contentCiphertext.length);
  const idea = await db.$transaction(async (tx) => {
    const idea = await tx.idea.create({ data: { ownerId, title: input.title, ...sealed } });
    await recordImageLinks(tx, ownerId, { ideaId: idea.id, version: null }, content, { fresh: true });
    return idea;
  });
  return present(idea);
}

export async function updateIdea(ownerId: string, id: number, input: IdeaInput) {
  const idea = await findOwned(ownerId, id);
  if (idea.status === "published") throw new ConflictError(PUBLISHED_READ_ONLY);
  // A PDF idea keeps its file; only the title can change. Other content is replaced when sent.
  const content = idea.kind !== "pdf" && input.content != null ? fromEditorContent(input.content) : null;
  const sealed = content ? sealContent(ownerId, content) : null;
  if (sealed) await assertWithinQuota(ownerId, sealed.contentCiphertext.length, idea.contentCiphertext.length);
  const data = sealed ? { title: input.title, ...sealed } : { title: input.title };
  // The status condition makes a concurrent publish win: no edit lands after publication.
  await db.$transaction(async (tx) => {
    const updated = await tx.idea.updateMany({ where: { id, ownerId, status: "draft" }, data });
    if (updated.count !== 1) throw new ConflictError(PUBLISHED_READ_ONLY);
    if (content) await recordImageLinks(tx, ownerId, { ideaId: id, version: null }, content, { recorded: idea.imageLinksRecorded });
  });
  return getIdea(ownerId, id);
}

/**
 * Publishing fixes the SHA-256 of the idea's canonical export (lib/domain/ideas/export.ts), sets blockchainTimestamp (the
 * commitment time) and queues the digest for the timestamp job; no calendar is contacted here, so publishing stays
 * fast whatever the calendars do. The row is locked while the state changes, so no edit slips in between the digest
 * and the publication. Publishing twice changes nothing.
 */
export async function publishIdea(ownerId: string, id: number) {
  const draft = await findOwned(ownerId, id);
  // A published idea publishes its open next version, if any.
  if (draft.status === "published") return (await publishDraftVersion(ownerId, id)) ? getIdea(ownerId, id) : present(draft);
  // A PDF's export reads the blob store: taken before the lock, and redone under it only if the idea changed meanwhile.
  let digest = await exportDigest(draft);
  await db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "Idea" WHERE "id" = ${id} AND "ownerId" = ${ownerId} AND "status" = 'draft' FOR UPDATE`;
    if (!locked.length) return;
    const idea = await tx.idea.findUniqueOrThrow({ where: { id } });
    if (idea.title !== draft.title || !Buffer.from(idea.contentCiphertext).equals(Buffer.from(draft.contentCiphertext))) {
      digest = await exportDigest(idea);
    }
    const now = new Date();
    await tx.idea.update({ where: { id }, data: { status: "published", publishedAt: now, blockchainTimestamp: now, contentSha256: digest, version: 1 } });
    await recordFirstVersion(tx, idea, digest, now);
  });
  return getIdea(ownerId, id);
}

/** Deletes a draft with its files; the blobs (and the recipients' marked copies of them) go after the rows are gone. */
export async function deleteIdea(ownerId: string, id: number) {
  const idea = await findOwned(ownerId, id);
  if (idea.status === "published") throw new ConflictError(PUBLISHED_NOT_DELETABLE);
  const assets = await db.$transaction(async (tx) => {
    const assets = await tx.asset.findMany({ where: { ownerId, OR: [{ ideaId: id }, { id: idea.pdfAssetId ?? "" }] }, select: { id: true, blobKey: true } });
    await tx.user.updateMany({ where: { id: ownerId, profileImageId: { in: assets.map((a) => a.id) } }, data: { profileImageId: null } });
    const deleted = await tx.idea.deleteMany({ where: { id, ownerId, status: "draft" } });
    if (deleted.count !== 1) throw new ConflictError(PUBLISHED_NOT_DELETABLE);
    await tx.asset.deleteMany({ where: { id: { in: assets.map((a) => a.id) } } });
    return assets;
  });
  await deleteAssetBlobs(assets);
}

/**
 * The title of a PDF idea: the one sent (validated like any title: an unsafe or over-long one is a 400), else the
 * file name without .pdf; a long one is shortened, not refused. The file name is the browser's, so characters a text column refuses are dropped from it.
 */
function pdfIdeaNames(input: { title?: string; fileName: string }) {
  const fileName = stripUnsafeText(input.fileName).trim().slice(0, 255) || "document.pdf";
  const fallback = fileName.replace(/\.pdf$/i, "").trim().slice(0, 200) || "Untitled Idea";
  const title = input.title?.trim() ? ideaTitleSchema.parse(input.title.trim().slice(0, 200)) : fallback;
  return { title, fileName };
}

/** A PDF becomes an idea: the encrypted file and the rows exist together or not at all. */
export async function createPdfIdea(ownerId: string, raw: { title?: string; fileName: string; data: Buffer }) {
  const input = { ...raw, ...pdfIdeaNames(raw) };
  // Checked in a render process before anything is stored: page count and sizes, page tree, encryption.
  const pages = await inspectPdfInPool(input.data);
  await assertWithinQuota(ownerId, input.data.length);
  const { blobKey, keyId } = await storeEncryptedBlob(ownerId, input.data);
  try {
    const { idea, asset } = await db.$transaction(async (tx) => {
      const asset = await tx.asset.create({
        data: { ownerId, kind: "pdf", fileName: input.fileName.slice(0, 255), contentType: "application/pdf", size: input.data.length, blobKey, keyId },
      });
      const created = await tx.idea.create({
        data: { ownerId, title: input.title, pdfAssetId: asset.id, ...sealContent(ownerId, { kind: "pdf", fileName: asset.fileName, assetId: asset.id }) },
      });
      await tx.asset.update({ where: { id: asset.id }, data: { ideaId: created.id } });
      return { idea: created, asset };
    });
    await keepReaderPageList(asset, pages);
    return present(idea);
  } catch (err) {
    await deleteBlobs([blobKey]);
    throw err;
  }
}
