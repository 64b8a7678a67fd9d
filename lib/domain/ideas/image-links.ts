import "server-only";
import { db } from "@/lib/platform/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { openContent, type StoredContent } from "@/lib/domain/ideas/content";

/**
 * Image → idea links: which of the owner's images a content shows, recorded in IdeaImage whenever the
 * content is written (in the writer's transaction), so that a recipient's image request is one join instead of a
 * decryption of every idea the image could belong to (lib/domain/files/index.ts findReadableAsset).
 *
 * A content is one row: the Idea row's own (`version: null`: a draft, or the copy of the latest publication) or one
 * IdeaVersion row's (`version: n`).
 */
export type ContentRow = { ideaId: number; version: number | null };

/** `/api/files/<id>` anywhere in the HTML (lib/domain/files/url.ts): ids are cuids, the match takes the whole id. */
const FILE_REFERENCE = /\/api\/files\/([A-Za-z0-9]+)/g;

/** The asset ids an HTML content refers to; other kinds show no uploaded images. */
export function referencedAssetIds(content: StoredContent): string[] {
  if (content.kind !== "html") return [];
  return [...new Set([...content.html.matchAll(FILE_REFERENCE)].map((m) => m[1]))];
}

/**
 * What the caller knows of the row: `fresh`, created in this transaction (no links yet, marked recorded by default);
 * `recorded`, already marked. Each saves a query on the save path.
 */
type RowState = { fresh?: boolean; recorded?: boolean };

/**
 * Replaces the row's links with the images `content` shows: only the owner's own images count (another owner's
 * file in the HTML is not served to this idea's recipients, as before). Marks the row as recorded. Call it after
 * the write of the content in the same transaction: the write's row lock orders concurrent saves, so the links are
 * those of the content that won.
 */
export async function recordImageLinks(tx: Prisma.TransactionClient, ownerId: string, row: ContentRow, content: StoredContent, state: RowState = {}) {
  const ids = referencedAssetIds(content);
  const images = ids.length ? await tx.asset.findMany({ where: { id: { in: ids }, ownerId, kind: "image" }, select: { id: true } }) : [];
  if (!state.fresh) await tx.ideaImage.deleteMany({ where: { ideaId: row.ideaId, version: row.version } });
  if (images.length) await tx.ideaImage.createMany({ data: images.map((a) => ({ ideaId: row.ideaId, version: row.version, assetId: a.id })) });
  if (state.fresh || state.recorded) return;
  const data = { imageLinksRecorded: true };
  if (row.version === null) await tx.idea.updateMany({ where: { id: row.ideaId, imageLinksRecorded: false }, data });
  else await tx.ideaVersion.updateMany({ where: { ideaId: row.ideaId, version: row.version, imageLinksRecorded: false }, data });
}

/**
 * At publication one row's content becomes another's (the Idea row's draft becomes version 1; a version's draft
 * becomes the Idea row's content): its links are copied in one statement when they are recorded, else read from
 * the content (a draft saved before links existed). `to` must have no links of its own yet unless `replace`.
 */
export async function copyImageLinks(
  tx: Prisma.TransactionClient,
  from: ContentRow & { ownerId: string; recorded: boolean; contentCiphertext: Uint8Array },
  to: ContentRow,
  { replace = false }: { replace?: boolean } = {},
) {
  if (!from.recorded) {
    const content = openContent(from.ownerId, from.contentCiphertext);
    await recordImageLinks(tx, from.ownerId, from, content);
    await recordImageLinks(tx, from.ownerId, to, content);
    return;
  }
  if (replace) await tx.ideaImage.deleteMany({ where: { ideaId: to.ideaId, version: to.version } });
  await tx.$executeRaw`
    INSERT INTO "IdeaImage" ("id", "ideaId", "version", "assetId")
    SELECT gen_random_uuid()::text, "ideaId", ${to.version}::int, "assetId" FROM "IdeaImage"
    WHERE "ideaId" = ${from.ideaId} AND "version" IS NOT DISTINCT FROM ${from.version}::int`;
}

/**
 * The fallback for rows written before links were recorded (their `imageLinksRecorded` is false: the migration could
 * not read encrypted content): the first request that needs such a row decrypts it once, as every request used to,
 * and records its links; later requests only join.
 */
export async function recordMissingImageLinks(rows: ContentRow[]) {
  const unique = [...new Map(rows.map((r) => [`${r.ideaId}:${r.version}`, r])).values()];
  for (const row of unique) {
    await db.$transaction(async (tx) => {
      // Locked and read again: a save that lands meanwhile records its own links, which must not be overwritten.
      const current = row.version === null
        ? (await tx.$queryRaw<{ ownerId: string; contentCiphertext: Uint8Array; imageLinksRecorded: boolean }[]>`
            SELECT i."ownerId", i."contentCiphertext", i."imageLinksRecorded" FROM "Idea" i WHERE i."id" = ${row.ideaId} FOR UPDATE`)[0]
        : (await tx.$queryRaw<{ ownerId: string; contentCiphertext: Uint8Array; imageLinksRecorded: boolean }[]>`
            SELECT i."ownerId", v."contentCiphertext", v."imageLinksRecorded" FROM "IdeaVersion" v JOIN "Idea" i ON i."id" = v."ideaId"
            WHERE v."ideaId" = ${row.ideaId} AND v."version" = ${row.version} FOR UPDATE OF v`)[0];
      if (!current || current.imageLinksRecorded) return;
      await recordImageLinks(tx, current.ownerId, row, openContent(current.ownerId, current.contentCiphertext));
    });
  }
}
