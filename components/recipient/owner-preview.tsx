"use client";

import { DocumentContent, contentForm } from "@/components/recipient/document-content";
import type { IdeaContent } from "@/lib/client/types";

/**
 * The owner's preview (issue 16 §1): the recipient's reader over the owner's unmarked pages (/api/ideas/{id}/pages),
 * with no reading time reported and no identity line (the owner's own views are never marked).
 */
export function OwnerPreview({ ideaId, content }: { ideaId: number; content: IdeaContent }) {
  return <DocumentContent form={contentForm(content)} source={{ base: `/api/ideas/${ideaId}`, engagementUrl: null, shield: false }} />;
}
