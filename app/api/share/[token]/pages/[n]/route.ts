// TEMP (drop at merge): see ../temp-reader-asset.ts.
import { privateRoute } from "@/lib/api/handler";
import { markedReaderPage } from "@/lib/reader";
import { recipientAsset, webp, widthOf } from "../temp-reader-asset";

export const GET = privateRoute<{ token: string; n: string }>(async (req, { params }) => {
  const { token, n } = await params;
  const asset = await recipientAsset(req, token);
  return webp(await markedReaderPage(asset, Number(n), widthOf(req), asset.watermark));
});
