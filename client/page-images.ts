/**
 * Page image addresses of the reader, client-safe. The widths are among the server's width buckets
 * (lib/domain/reader/cache.ts PAGE_WIDTH_BUCKETS; a unit test keeps them so), so every candidate is an image the server keeps.
 */
export const SRCSET_WIDTHS = [800, 1200, 2000] as const;
/** The thumbnail rail's width (the smallest bucket). */
export const THUMBNAIL_WIDTH = 320;

/** `base`: /api/share/{token} (a recipient, marked) or /api/ideas/{id} (the owner's preview, unmarked). */
export function pageListUrl(base: string) {
  return `${base}/pages`;
}

export function pageImageUrl(base: string, n: number, width: number) {
  return `${base}/pages/${n}?width=${width}`;
}

export function pageSrcSet(base: string, n: number) {
  return SRCSET_WIDTHS.map((w) => `${pageImageUrl(base, n, w)} ${w}w`).join(", ");
}

/** How wide the page shows: the whole column on a phone, about 800 px beside the rail and comments on a wide screen. */
export function pageSizes(zoom: number) {
  const z = Math.round(zoom * 100);
  return `(min-width: 1024px) ${Math.round(8 * z)}px, ${z}vw`;
}
