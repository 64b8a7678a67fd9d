"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { preloadToasts, toast } from "@/client/toast";
import { ApiError, parseJsonBody } from "@/client/request";
import type { Idea } from "@/client/types";
import { PDF_INVALID_TYPE, PDF_MAX_BYTES, PDF_TOO_LARGE } from "@/lib/domain/validation/upload-limits";

export const REDIRECT_DELAY_MS = 1500;

type UploadResult = { ok: true; id: number } | { ok: false; message: string | null; aborted?: boolean };

/** The new idea's id from a 2xx answer of POST /api/ideas/pdf, or null when the body is not the idea. */
function createdIdeaId(body: string): number | null {
  try {
    const idea = parseJsonBody<Pick<Idea, "id"> | null>(body);
    return typeof idea?.id === "number" ? idea.id : null;
  } catch {
    return null;
  }
}

/**
 * Validates and uploads one PDF. XMLHttpRequest rather than apiRequest: fetch cannot report the bytes sent, which
 * the progress bar shows. A refusal is read like any other call's (ApiError.serverMessage).
 */
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
          const ok = xhr.status >= 200 && xhr.status < 300;
          const id = ok ? createdIdeaId(xhr.responseText) : null;
          if (id !== null) resolve({ ok: true, id });
          else resolve({ ok: false, message: ok ? null : new ApiError(xhr.status, xhr.responseText, xhr.statusText).serverMessage });
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
        toast.error(PDF_INVALID_TYPE.title, { description: PDF_INVALID_TYPE.description });
        return;
      }
      if (file.size > PDF_MAX_BYTES) {
        toast.error(PDF_TOO_LARGE.title, { description: PDF_TOO_LARGE.description });
        return;
      }

      setProgress(0);
      setUploading(true);
      // Every upload ends in a toast: load it meanwhile, so it shows the moment the answer arrives.
      void preloadToasts();
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
