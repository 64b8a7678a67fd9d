import { pageImageUrl, pageSrcSet, SRCSET_WIDTHS, THUMBNAIL_WIDTH } from "@/client/page-images";
import { PAGE_WIDTH_BUCKETS } from "@/lib/domain/reader/cache";

describe("reader page images", () => {
  it("asks only for widths the server keeps", () => {
    for (const w of [...SRCSET_WIDTHS, THUMBNAIL_WIDTH]) expect(PAGE_WIDTH_BUCKETS).toContain(w);
  });

  it("builds the srcset from the page route", () => {
    expect(pageImageUrl("/api/share/abc", 2, 800)).toBe("/api/share/abc/pages/2?width=800");
    expect(pageSrcSet("/api/ideas/7", 1)).toBe(
      "/api/ideas/7/pages/1?width=800 800w, /api/ideas/7/pages/1?width=1200 1200w, /api/ideas/7/pages/1?width=2000 2000w",
    );
  });
});
