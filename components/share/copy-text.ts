import { toast } from "@/client/toast";

export const LINK_COPIED = "Share link copied to clipboard!";

/** The Clipboard API where the browser allows it, else the older selection copy (e.g. without clipboard permission). */
async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand("copy");
    } finally {
      area.remove();
    }
  }
}

/** Copies a share link and says so (SPEC §8: 'Share link copied to clipboard!'). */
export async function copyShareLink(url: string): Promise<void> {
  if (await writeClipboard(url)) toast.success(LINK_COPIED);
  else toast.error("Error", { description: "Could not copy the link. Please select it and copy it by hand." });
}
