"use client";

import * as React from "react";
import Link from "next/link";
import { ArrowLeft, Eye, MessageSquare } from "lucide-react";

import { buttonVariants } from "@/components/ui/button";
import { contentForm } from "@/components/recipient/document-content";
import { CloseDocumentDialog, DocumentView } from "@/components/recipient/document-view";
import { EndScreen } from "@/components/recipient/end-screen";
import { toast } from "@/client/toast";
import type { IdeaContent } from "@/client/types";
import { SHARE_TYPE_LABELS, type ShareTypeValue } from "@/lib/domain/validation/share-types";

/** What the page loaded (lib/domain/shares/owner-preview.ts OwnerPreview, as the server component hands it over). */
export type OwnerPreviewData = {
  idea: { id: number; title: string; user: { name: string }; content: IdeaContent; version: { number: number | null; of: number | null; publishedAt: Date | string | null } };
  shareType: ShareTypeValue;
  link: { id: string | null; name: string | null; allowDownload: boolean; screenShield: boolean; requireNda: boolean };
  accessedAt: Date | string;
  watermark: string;
};

export const PREVIEW_BANNER = "Preview — this is what a recipient sees. Nothing is recorded.";

function settingsLine(preview: OwnerPreviewData) {
  const { link } = preview;
  const settings = [
    link.allowDownload ? "download allowed" : "no download",
    link.screenShield ? "screen shield on" : "screen shield off",
    link.requireNda ? "agreement asked first" : "no agreement",
  ].join(" · ");
  const which = link.id ? `Link: ${link.name ? `${link.name} (${SHARE_TYPE_LABELS[preview.shareType]})` : SHARE_TYPE_LABELS[preview.shareType]}` : "A new link with the default settings";
  return `${which} — ${settings}.`;
}

/**
 * 'Preview as recipient': the recipient's own document view (components/recipient/document-view.tsx)
 * with the link's settings, over the owner's page images marked '(Preview)', and nothing reported: no reading time,
 * no comments. Close shows the recipient's end screen.
 */
export function OwnerPreview({
  preview,
  back,
  pagesBase,
}: {
  preview: OwnerPreviewData;
  back: { href: string; label: string };
  /** Where a PDF's page images come from; by default the link's (or a new link's) preview of what it shows. */
  pagesBase?: string;
}) {
  const [confirmClose, setConfirmClose] = React.useState(false);
  const [closed, setClosed] = React.useState(false);
  const { idea, link } = preview;
  const oneTime = preview.shareType === "one-time";
  const base = pagesBase ?? `/api/ideas/${idea.id}/preview/${link.id ? encodeURIComponent(link.id) : "new"}`;
  const version = { ...idea.version, publishedAt: idea.version.publishedAt ? new Date(idea.version.publishedAt).toISOString() : null };

  return (
    <div className="grid gap-4">
      <div role="note" data-slot="preview-banner" className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
        <Eye aria-hidden="true" className="size-5 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{PREVIEW_BANNER}</p>
          <p className="text-sm" data-slot="preview-settings">
            {settingsLine(preview)}
          </p>
        </div>
        <Link href={back.href} className={buttonVariants({ variant: "outline", className: "h-11 sm:h-9" })}>
          <ArrowLeft aria-hidden="true" />
          {back.label}
        </Link>
      </div>
      {closed ? (
        <EndScreen ending={{ kind: "closed", title: idea.title, sender: idea.user.name, oneTime }} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <DocumentView
            idea={{ ...idea, version }}
            shareType={preview.shareType}
            form={contentForm(idea.content)}
            // No engagement target: the preview reports no reading time.
            source={{ base, engagement: null, shield: link.screenShield }}
            watermark={preview.watermark}
            accessedAt={new Date(preview.accessedAt)}
            noAgreement={!link.requireNda}
            onDownload={
              link.allowDownload
                ? () => toast.info("Preview", { description: "Nothing is downloaded in the preview. A recipient's copy carries their name and e-mail." })
                : null
            }
            onComments={null}
            certificateHref={null}
            onClose={() => setConfirmClose(true)}
          />
          <aside aria-label="Comments" className="rounded-lg border bg-background p-4 text-sm text-muted-foreground">
            <p className="flex items-center gap-2 font-medium text-foreground">
              <MessageSquare aria-hidden="true" className="size-4" />
              Comments
            </p>
            <p className="mt-2">Recipients who accepted the agreement comment here; you answer them on the share screen.</p>
          </aside>
          <CloseDocumentDialog
            open={confirmClose}
            onOpenChange={setConfirmClose}
            oneTime={oneTime}
            agreed={link.requireNda}
            onConfirm={() => {
              setConfirmClose(false);
              setClosed(true);
            }}
          />
        </div>
      )}
    </div>
  );
}
