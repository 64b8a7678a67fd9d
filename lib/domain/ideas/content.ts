import { encrypt, decrypt, currentKeyId } from "@/lib/platform/crypto";
import { sanitizeIdeaHtml } from "@/lib/domain/ideas/sanitize";
import { fileUrl } from "@/lib/domain/files/url";
import type { IdeaKind } from "@/lib/generated/prisma/client";
import type { CanvasElement, IdeaContentInput } from "@/lib/domain/validation/ideas";

/** Content of any other shape (older data, never written by this app), returned as it was stored. */
type OtherContent = null | boolean | number | unknown[] | Record<string, unknown>;

/** What is encrypted into Idea.contentCiphertext. */
export type StoredContent =
  | { kind: "html"; html: string }
  | { kind: "canvas"; elements: CanvasElement[] }
  | { kind: "pdf"; fileName: string; assetId: string }
  | { kind: "other"; value: OtherContent };

/** What the API returns as `content` (SPEC §3). */
export type ClientContent = string | { elements: CanvasElement[] } | { type: "pdf"; fileName: string; pdfPath: string } | OtherContent;

function context(ownerId: string) {
  return `idea-content:${ownerId}`;
}

export function sealContent(ownerId: string, content: StoredContent) {
  const plaintext = Buffer.from(JSON.stringify(content));
  return {
    contentCiphertext: new Uint8Array(encrypt(plaintext, context(ownerId))),
    contentKeyId: currentKeyId(),
    kind: content.kind as IdeaKind,
  };
}

export function openContent(ownerId: string, ciphertext: Uint8Array): StoredContent {
  return JSON.parse(decrypt(Buffer.from(ciphertext), context(ownerId)).toString("utf8")) as StoredContent;
}

export function toClientContent(content: StoredContent): ClientContent {
  switch (content.kind) {
    case "html":
      return content.html;
    case "canvas":
      return { elements: content.elements };
    case "pdf":
      return { type: "pdf", fileName: content.fileName, pdfPath: fileUrl(content.assetId) };
    default:
      return content.value;
  }
}

/**
 * Editor input → stored form; HTML is sanitized on every write. A PDF-shaped object (a PDF idea resending
 * its own content) is not editor input: null.
 */
export function fromEditorContent(content: IdeaContentInput): StoredContent | null {
  if (typeof content === "string") return { kind: "html", html: sanitizeIdeaHtml(content) };
  return "elements" in content ? { kind: "canvas", elements: content.elements } : null;
}
