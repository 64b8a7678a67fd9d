// TEMP (drop at merge): see app/api/share/[token]/pages/temp-reader-asset.ts.
import { route } from "@/lib/api/handler";
import { readerPage } from "@/lib/reader";
import { ownerAsset, webp, widthOf } from "@/app/api/share/[token]/pages/temp-reader-asset";

export const GET = route<{ id: string; n: string }>(async (req, { params }) => {
  const { id, n } = await params;
  return webp(await readerPage(await ownerAsset(id), Number(n), widthOf(req)));
});
