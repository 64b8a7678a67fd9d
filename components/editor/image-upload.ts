/** Spec §7: POST /api/upload/image with the file and, when the idea exists, its id. */
export async function uploadEditorImage(file: File, ideaId?: number): Promise<string | null> {
  const body = new FormData();
  body.append("image", file);
  if (ideaId !== undefined) body.append("ideaId", String(ideaId));

  try {
    const response = await fetch("/api/upload/image", {
      method: "POST",
      body,
      credentials: "same-origin",
    });
    if (!response.ok) {
      window.alert("Failed to upload image");
      return null;
    }
    const data: unknown = await response.json();
    const url =
      typeof data === "object" && data !== null && "url" in data && typeof data.url === "string"
        ? data.url
        : null;
    if (!url) window.alert("Failed to upload image");
    return url;
  } catch {
    window.alert("Error uploading image");
    return null;
  }
}

export function isImageFile(file: File): boolean {
  return file.type.startsWith("image/");
}
