// TEMP (drop at merge): see app/api/share/[token]/pages/temp-reader-asset.ts.
import { route } from "@/lib/api/handler";
import { readerPageList } from "@/lib/reader";
import { ownerAsset } from "@/app/api/share/[token]/pages/temp-reader-asset";

export const GET = route<{ id: string }>(async (_req, { params }) => Response.json(await readerPageList(await ownerAsset((await params).id))));
