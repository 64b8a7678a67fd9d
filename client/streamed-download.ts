"use client";

import { useState } from "react";
import { ApiError } from "@/client/request";

/**
 * Downloads the server builds while it sends them (the account export, the evidence pack): their size is unknown up
 * front, so progress is 'Preparing…' until the first bytes arrive, then the bytes received so far. The finished file
 * is saved through a blob URL under the name the server gave it.
 */
export type DownloadProgress = { phase: "idle" } | { phase: "preparing" } | { phase: "downloading"; received: number };

/** "1.4 MB": a byte count as people read sizes. */
export function formatBytes(n: number) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** The status line beside the button: empty while idle. */
export function downloadProgressText(progress: DownloadProgress) {
  if (progress.phase === "preparing") return "Preparing…";
  if (progress.phase === "downloading") return `${formatBytes(progress.received)} received`;
  return "";
}

/** The name the server gave the download (Content-Disposition), else the caller's default. */
export function downloadFileName(contentDisposition: string | null, fallback: string) {
  const match = /filename="([^"]+)"/.exec(contentDisposition ?? "");
  return match?.[1] ?? fallback;
}

async function saveStreamedDownload(url: string, fallbackName: string, onProgress: (p: DownloadProgress) => void) {
  const res = await fetch(url, { credentials: "include" });
  if (!res.ok || !res.body) throw new ApiError(res.status, await res.text().catch(() => ""), res.statusText);
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress({ phase: "downloading", received });
  }
  const blobUrl = URL.createObjectURL(new Blob(chunks, { type: res.headers.get("content-type") ?? "application/zip" }));
  const link = document.createElement("a");
  link.href = blobUrl;
  link.download = downloadFileName(res.headers.get("content-disposition"), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after click() returns; release it once the save has surely started.
  window.setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
}

/**
 * `start()` downloads `url` with progress; it resolves true when the file was handed to the browser and rejects with
 * the request's error otherwise (the caller words it: a toast or a message beside the button).
 */
export function useStreamedDownload(url: string, fallbackName: () => string) {
  const [progress, setProgress] = useState<DownloadProgress>({ phase: "idle" });
  const start = async () => {
    setProgress({ phase: "preparing" });
    try {
      await saveStreamedDownload(url, fallbackName(), setProgress);
    } finally {
      setProgress({ phase: "idle" });
    }
  };
  return { progress, busy: progress.phase !== "idle", statusText: downloadProgressText(progress), start };
}
