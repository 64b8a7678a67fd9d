// TEMP (drop at merge): engineer G owns the real pages routes; this only lets the reader's e2e spec run.
import { NotFoundError } from "@/lib/api/errors";
import { findReadableAsset } from "@/lib/files";
import { getIdea } from "@/lib/ideas";
import { readRecipientSecrets, requestClient } from "@/lib/recipients/cookies";
import { getSharedIdea } from "@/lib/shares/views";
import { requireUser } from "@/lib/auth/session";

function assetIdOf(content: unknown): string {
  const c = content as { type?: string; pdfPath?: string } | null;
  if (!c || c.type !== "pdf" || typeof c.pdfPath !== "string") throw new NotFoundError("Not found");
  return c.pdfPath.split("/").pop()!;
}

export async function recipientAsset(req: Request, token: string) {
  const secrets = await readRecipientSecrets();
  const shared = await getSharedIdea(token, secrets, requestClient(req));
  const asset = await findReadableAsset(null, assetIdOf(shared.idea.content), secrets);
  if (!asset?.watermark) throw new NotFoundError("Not found");
  return asset as typeof asset & { watermark: NonNullable<typeof asset.watermark> };
}

export async function ownerAsset(id: string) {
  const user = await requireUser();
  const idea = await getIdea(user.id, Number(id));
  const asset = await findReadableAsset(user.id, assetIdOf(idea.content));
  if (!asset) throw new NotFoundError("Not found");
  return asset;
}

export function widthOf(req: Request) {
  const w = Number(new URL(req.url).searchParams.get("width"));
  return Number.isFinite(w) && w > 0 ? w : null;
}

export function webp(data: Buffer) {
  return new Response(new Uint8Array(data), { headers: { "Content-Type": "image/webp", "Cache-Control": "private, no-store" } });
}
