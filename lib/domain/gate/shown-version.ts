import "server-only";
import { db } from "@/lib/platform/db";

/**
 * What a link shows: the version it is pinned to, else the idea's latest publication; a never-published
 * idea shows its draft (the Idea row itself). The Idea row holds a copy of the latest publication, so only a link
 * pinned to an older version reads an IdeaVersion row.
 */
export type ShownVersion = {
  /** The version number shown; null for a never-published idea. */
  version: number | null;
  /** How many versions are published (the latest's number). */
  versionCount: number | null;
  publishedAt: Date | null;
  title: string;
  kind: string;
  pdfAssetId: string | null;
  contentCiphertext: Uint8Array;
  contentSha256: string | null;
};

export async function shownVersion(share: { ideaId: number; pinnedVersion: number | null }): Promise<ShownVersion> {
  const idea = await db.idea.findUniqueOrThrow({
    where: { id: share.ideaId },
    select: { version: true, publishedAt: true, title: true, kind: true, pdfAssetId: true, contentCiphertext: true, contentSha256: true },
  });
  if (share.pinnedVersion !== null && share.pinnedVersion !== idea.version) {
    const v = await db.ideaVersion.findFirst({ where: { ideaId: share.ideaId, version: share.pinnedVersion, status: "published" } });
    if (v) return versionRowShown(v, idea.version);
  }
  return { versionCount: idea.version, version: idea.version, publishedAt: idea.version === null ? null : idea.publishedAt, title: idea.title, kind: idea.kind, pdfAssetId: idea.pdfAssetId, contentCiphertext: idea.contentCiphertext, contentSha256: idea.contentSha256 };
}

/** An IdeaVersion row as shown, `versionCount` being the number of published versions. */
export function versionRowShown(
  v: { version: number; publishedAt: Date | null; title: string; kind: string; pdfAssetId: string | null; contentCiphertext: Uint8Array; contentSha256: string | null },
  versionCount: number | null,
): ShownVersion {
  return { version: v.version, versionCount, publishedAt: v.publishedAt, title: v.title, kind: v.kind, pdfAssetId: v.pdfAssetId, contentCiphertext: v.contentCiphertext, contentSha256: v.contentSha256 };
}

/** 'Version {n} of {N} · published {date}' as the recipient reader shows it (the date is formatted by the client). */
export function versionLabel(v: { version: number | null; versionCount: number | null }) {
  return v.version === null ? null : `Version ${v.version} of ${v.versionCount ?? v.version}`;
}
