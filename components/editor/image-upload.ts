import { ApiError, withLimitMessage } from "@/client/request";
import type { UploadedImage } from "@/client/types";

/**
 * Spec §7: POST /api/upload/image with the file and, when the idea exists, its id. `send` is the toolbar's write
 * (client/mutation.ts) that posts the form.
 */
export async function uploadEditorImage(file: File, ideaId: number | undefined, send: (body: FormData) => Promise<UploadedImage | null>): Promise<string | null> {
  const body = new FormData();
  body.append("image", file);
  if (ideaId !== undefined) body.append("ideaId", String(ideaId));

  try {
    const data = await send(body);
    const url = typeof data?.url === "string" ? data.url : null;
    if (!url) window.alert("Failed to upload image");
    return url;
  } catch (err) {
    // SPEC §8: a refused upload and a failed request read differently.
    window.alert(err instanceof ApiError ? withLimitMessage("Failed to upload image", err) : "Error uploading image");
    return null;
  }
}

export function isImageFile(file: File): boolean {
  return file.type.startsWith("image/");
}
