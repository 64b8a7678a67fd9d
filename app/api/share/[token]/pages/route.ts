// TEMP (drop at merge): see temp-reader-asset.ts.
import { privateRoute } from "@/lib/api/handler";
import { readerPageList } from "@/lib/reader";
import { recipientAsset } from "./temp-reader-asset";

export const GET = privateRoute<{ token: string }>(async (req, { params }) =>
  Response.json(await readerPageList(await recipientAsset(req, (await params).token))),
);
