/**
 * Where an uploaded file is served. A leaf module (no imports): lib/ideas/content.ts needs it to describe a PDF idea,
 * and lib/files/index.ts needs lib/ideas/content.ts to find the ideas that reference a file, so taking fileUrl from
 * lib/files/index.ts would be an import cycle.
 */
export function fileUrl(assetId: string) {
  return `/api/files/${assetId}`;
}
