/**
 * Where an uploaded file is served. A leaf module (no imports): lib/domain/ideas/content.ts needs it to describe a PDF idea,
 * and lib/domain/files/index.ts needs lib/domain/ideas/content.ts to find the ideas that reference a file, so taking fileUrl from
 * lib/domain/files/index.ts would be an import cycle.
 */
export function fileUrl(assetId: string) {
  return `/api/files/${assetId}`;
}
