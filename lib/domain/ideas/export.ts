import "server-only";
import { db } from "@/lib/platform/db";
import { ConflictError } from "@/lib/platform/http/errors";
import { readAssetBytes } from "@/lib/domain/files";
import { sha256Hex } from "@/lib/platform/crypto";
import { openContent, type StoredContent } from "@/lib/domain/ideas/content";

/**
 * The exact bytes a published idea's timestamp proves, rebuilt byte for byte from the stored idea whenever they are
 * downloaded. Never change these formats: every existing proof would stop matching its file (a new format needs a
 * version recorded on the proof).
 */
export type IdeaExport = { bytes: Buffer; fileName: string; contentType: string };

type ExportableIdea = { id: number; ownerId: string; title: string; contentCiphertext: Uint8Array };

function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Title and sanitized HTML (sanitized when it was saved) as one UTF-8 HTML document. */
export function htmlExport(title: string, html: string): string {
  const t = escapeHtml(title);
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="generator" content="IdeaVault export 1">',
    `<title>${t}</title>`,
    "</head>",
    "<body>",
    `<h1>${t}</h1>`,
    html,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** JSON with object keys sorted at every level and no insignificant whitespace. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

async function pdfBytes(ownerId: string, content: Extract<StoredContent, { kind: "pdf" }>) {
  const asset = await db.asset.findFirst({
    where: { id: content.assetId, ownerId },
    select: { id: true, blobKey: true, fileName: true, contentType: true, size: true },
  });
  if (!asset) throw new ConflictError("The PDF file of this idea is missing");
  return readAssetBytes(asset);
}

/** The download name of the stamped file; its proof is the same name plus ".ots" (the `ots` client's convention). */
export function exportFileName(idea: { id: number; kind: string }) {
  return `idea-${idea.id}.${idea.kind === "html" ? "html" : idea.kind === "pdf" ? "pdf" : "json"}`;
}

export async function exportIdea(idea: ExportableIdea): Promise<IdeaExport> {
  const content = openContent(idea.ownerId, idea.contentCiphertext);
  const fileName = exportFileName({ id: idea.id, kind: content.kind });
  switch (content.kind) {
    case "html":
      return { bytes: Buffer.from(htmlExport(idea.title, content.html), "utf8"), fileName, contentType: "text/html; charset=utf-8" };
    case "pdf":
      return { bytes: await pdfBytes(idea.ownerId, content), fileName, contentType: "application/pdf" };
    case "canvas":
      return {
        bytes: Buffer.from(canonicalJson({ format: "ideavault-canvas-1", title: idea.title, elements: content.elements }), "utf8"),
        fileName,
        contentType: "application/json",
      };
    default:
      return {
        bytes: Buffer.from(canonicalJson({ format: "ideavault-json-1", title: idea.title, value: content.value }), "utf8"),
        fileName,
        contentType: "application/json",
      };
  }
}

/**
 * The SHA-256 of the idea's export: what publication fixes and timestamps, what an NDA acceptance records as the
 * content shown, and what the upgrade backfill (lib/domain/evidence/backfill.ts) stamps for ideas published before proofs.
 */
export async function exportDigest(idea: ExportableIdea): Promise<string> {
  return sha256Hex((await exportIdea(idea)).bytes);
}
