"use client";

import * as React from "react";
import { Download, FileCheck, MessageSquare, ShieldCheck, X } from "lucide-react";

import { Button, buttonVariants } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { ConfirmDialog } from "@/components/recipient/confirm-dialog";
import { DocumentContent, type ContentForm, type ReaderSource } from "@/components/recipient/document-content";
import { ScreenShield } from "@/components/recipient/screen-shield";
import type { SharedIdea } from "@/client/types";

export type DocumentViewProps = {
  idea: Pick<SharedIdea["idea"], "title" | "user" | "version">;
  shareType: SharedIdea["shareType"];
  form: ContentForm;
  source: ReaderSource;
  watermark?: string;
  accessedAt: Date | null;
  /** The link asks for no agreement (said on the recipient's record too). */
  noAgreement: boolean;
  /** 'Download' (only on links that allow it). */
  onDownload: (() => void) | null;
  /** 'Comments' below 1024 px (the panel sits beside the document on a wide screen). */
  onComments: (() => void) | null;
  /** 'Download NDA certificate' for a recipient who accepted one. */
  certificateHref: string | null;
  onClose: () => void;
  /** Below the 'Document shared by' line (the recipient's timestamp proof). */
  details?: React.ReactNode;
};

/**
 * The document as a recipient reads it (SPEC §2 'Document viewer'): the recipient's /document and the owner's
 * 'Preview as recipient' render this same view, so the preview is exactly what a recipient sees.
 */
export function DocumentView(props: DocumentViewProps) {
  const { idea, form, source, watermark, accessedAt } = props;
  const oneTime = props.shareType === "one-time";
  // Which version this link shows, e.g. 'Version 2 of 2 · published 25 Nov 2026'.
  const shown = idea.version;
  const versionLine = shown?.number != null ? `Version ${shown.number} of ${shown.of ?? shown.number}` : null;

  return (
    <article aria-labelledby="document-title" className="grid min-w-0 gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 id="document-title" className="text-2xl font-bold break-words text-brand">
            {idea.title}
          </h1>
          {versionLine ? (
            <p className="text-muted-foreground mt-1 text-sm" data-testid="version-line">
              {versionLine}
              {/* The day in the reader's own zone; a page rendered on the server (the owner's preview) shows the UTC
                  day until it has hydrated (LocalTime), never a mismatch. */}
              {shown?.publishedAt ? (
                <>
                  {" · published "}
                  <LocalTime value={shown.publishedAt} dateOnly />
                </>
              ) : null}
            </p>
          ) : null}
          {oneTime ? (
            <p className="mt-1 inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900">
              One-time view
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {props.onDownload ? (
            <Button type="button" variant="outline" className="h-11 sm:h-9" onClick={props.onDownload}>
              <Download aria-hidden="true" />
              Download
            </Button>
          ) : null}
          {props.onComments ? (
            <Button type="button" variant="outline" className="h-11 sm:h-9" aria-haspopup="dialog" onClick={props.onComments}>
              <MessageSquare aria-hidden="true" />
              Comments
            </Button>
          ) : null}
          {props.certificateHref ? (
            <a href={props.certificateHref} download className={buttonVariants({ variant: "outline", className: "h-11 sm:h-9" })}>
              <FileCheck aria-hidden="true" />
              Download NDA certificate
            </a>
          ) : null}
          <Button type="button" variant="outline" className="h-11 sm:h-9" onClick={props.onClose}>
            <X aria-hidden="true" />
            Close
          </Button>
        </div>
      </header>
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
        Screenshots and copies carry your name and e-mail.
      </p>
      {props.noAgreement ? (
        <p className="text-xs text-muted-foreground" data-testid="no-agreement">
          No agreement was accepted: this link does not ask for one.
        </p>
      ) : null}
      <ScreenShield enabled={source.shield}>
        <DocumentContent form={form} watermark={watermark} source={source} />
      </ScreenShield>
      <section aria-label="Document details" className="rounded-lg border bg-background p-4 text-sm">
        <p className="font-medium">Document shared by {idea.user.name}</p>
        {accessedAt ? (
          <p className="text-muted-foreground">
            Accessed <LocalTime value={accessedAt} />
          </p>
        ) : null}
        {props.details}
      </section>
    </article>
  );
}

/** SPEC §2/§4: 'Close Document', saying what closing does, with the one-time warning on a one-time link. */
export function CloseDocumentDialog({
  open,
  onOpenChange,
  oneTime,
  agreed,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  oneTime: boolean;
  /** The reader accepted an agreement on this link (it stays on record whatever they do here). */
  agreed: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog open={open} onOpenChange={onOpenChange} title="Close Document" confirmLabel="Close" onConfirm={onConfirm}>
      <p>The document leaves this window{agreed ? "; the agreement you accepted stays on record" : ""}.</p>
      {oneTime ? (
        <p className="font-medium text-destructive">
          This is a one-time link: once you close the document, it cannot be viewed again.
        </p>
      ) : (
        <p>To read it again later, open the link you were sent.</p>
      )}
    </ConfirmDialog>
  );
}
