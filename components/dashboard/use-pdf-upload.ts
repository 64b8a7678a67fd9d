"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

export const MAX_PDF_BYTES = 10 * 1024 * 1024;
export const REDIRECT_DELAY_MS = 1500;

type UploadResult = { ok: true; id: number } | { ok: false; message: string | null; aborted?: boolean };

/** One field of a JSON response body, when the body is JSON and the field has the expected type. */
function jsonField<T extends "string" | "number">(body: string, key: string, type: T): (T extends "string" ? string : number) | null {
  try {
    const data: unknown = JSON.parse(body);
    if (data && typeof data === "object" && key in data) {
      const value = (data as Record<string, unknown>)[key];
      if (typeof value === type) return value as T extends "string" ? string : number;
    }
  } catch {
    // Not JSON: nothing to read.
  }
  return null;
}

const errorMessage = (body: string) => jsonField(body, "error", "string");
const readId = (body: string) => jsonField(body, "id", "number");

/** Validates and uploads one PDF with XMLHttpRequest so the bytes sent can be shown as progress. */
export function usePdfUpload({ onUploaded }: { onUploaded?: () => void | Promise<void> } = {}) {
  const router = useRouter();
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const xhrRef = useRef<XMLHttpRequest | null>(null);
  const timerRef = useRef<number | null>(null);

  useEffect(
    () => () => {
      xhrRef.current?.abort();
      if (timerRef.current !== null) window.clearTimeout(timerRef.current);
    },
    [],
  );

  const send = useCallback(
    (file: File) =>
      new Promise<UploadResult>((resolve) => {
        const form = new FormData();
        form.append("file", file);
        form.append("title", file.name.replace(/\.pdf$/i, ""));
        const xhr = new XMLHttpRequest();
        xhrRef.current = xhr;
        xhr.open("POST", "/api/ideas/pdf");
        xhr.withCredentials = true;
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) setProgress(Math.round((event.loaded / event.total) * 100));
        };
        xhr.upload.onload = () => setProgress(100);
        xhr.onload = () => {
          const id = xhr.status >= 200 && xhr.status < 300 ? readId(xhr.responseText) : null;
          resolve(id !== null ? { ok: true, id } : { ok: false, message: errorMessage(xhr.responseText) });
        };
        xhr.onerror = () => resolve({ ok: false, message: null });
        xhr.onabort = () => resolve({ ok: false, message: null, aborted: true });
        xhr.send(form);
      }),
    [],
  );

  const upload = useCallback(
    async (files: FileList | readonly File[] | null | undefined) => {
      const file = files?.[0];
      if (!file || uploading) return;
      if (file.type !== "application/pdf") {
        toast.error("Invalid File Type", { description: "Only PDF files are supported at this time" });
        return;
      }
      if (file.size > MAX_PDF_BYTES) {
        toast.error("File Too Large", { description: "PDF files must be less than 10MB" });
        return;
      }

      setProgress(0);
      setUploading(true);
      const result = await send(file);
      xhrRef.current = null;
      setUploading(false);

      if (!result.ok) {
        if (result.aborted) return; // the dashboard was left mid-upload
        toast.error("Upload Failed", { description: result.message ?? "Could not upload PDF file" });
        return;
      }
      toast.success("PDF Uploaded Successfully", {
        description: "Your PDF has been converted to an idea. Redirecting to editor...",
      });
      void onUploaded?.();
      timerRef.current = window.setTimeout(() => router.push(`/editor/${result.id}`), REDIRECT_DELAY_MS);
    },
    [onUploaded, router, send, uploading],
  );

  return { upload, uploading, progress };
}
