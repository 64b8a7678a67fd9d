/** Saves a file the browser's way: a temporary <a download>. */
export function saveFile(fileName: string, data: Blob | string) {
  const isUrl = typeof data === "string";
  const href = isUrl ? data : URL.createObjectURL(data);
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the download a moment to start before the object URL dies.
  if (!isUrl) setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
