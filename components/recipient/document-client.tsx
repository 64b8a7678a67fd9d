"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { Download, FileCheck, MessageSquare, ShieldCheck, X } from "lucide-react";

import { Button, buttonVariants } from "@/components/ui/button";
import { AccessDenied, VerifyingAccess } from "@/components/recipient/access-state";
import { CommentsPanel } from "@/components/recipient/comments-panel";
import { ConfirmDialog } from "@/components/recipient/confirm-dialog";
import { DocumentContent, contentForm } from "@/components/recipient/document-content";
import { recipientPath, recipientStage } from "@/components/recipient/recipient-flow";
import { ScreenShield } from "@/components/recipient/screen-shield";
import { useMediaQuery } from "@/components/recipient/use-media-query";
import { useSharedIdea } from "@/components/recipient/use-shared-idea";
import { SharedTimestamp } from "@/components/timestamps/shared-timestamp";
import { toast } from "@/lib/client/toast";
import type { Recipient, SharedIdea } from "@/lib/client/types";

// Only phones that open it load the sheet (and its dialog stack).
const CommentsSheet = dynamic(() => import("@/components/recipient/comments-sheet"), { ssr: false });

/** /document: the shared idea for a recipient who accepted the agreement (SPEC §2 'Document viewer', §4). */
export function DocumentClient({ token }: { token: string | null }) {
  const state = useSharedIdea(token);
  const router = useRouter();
  const share = state.status === "ready" ? state.share : null;
  const stage = share ? recipientStage(share) : null;
  // A link whose passcode this browser has not given (or that changed) asks for it on /collect.
  const passcodeFirst = token && state.status === "passcode" ? recipientPath("collect", token) : null;
  const redirect = passcodeFirst ?? (token && stage && stage !== "document" ? recipientPath(stage, token) : null);

  React.useEffect(() => {
    if (redirect) router.replace(redirect);
  }, [router, redirect]);

  if (state.status === "invalid" || !token) return <AccessDenied />;
  if (!share || redirect) return <VerifyingAccess />;
  // The server sends content to an agreed recipient only; without it there is nothing this link may show.
  if (!share.recipient || share.idea.content === undefined) return <AccessDenied />;
  return <DocumentViewer share={share} recipient={share.recipient} token={token} />;
}

function DocumentViewer({ share, recipient, token }: { share: SharedIdea; recipient: Recipient; token: string }) {
  const router = useRouter();
  const [confirmClose, setConfirmClose] = React.useState(false);
  // Beside the document on a wide screen; below 1024 px a bottom sheet from the 'Comments' button (issue 16 §2).
  const desktop = useMediaQuery("(min-width: 1024px)");
  const [commentsOpen, setCommentsOpen] = React.useState(false);
  // Mounted from the first opening on (it stays mounted so it can close with its animation).
  const [sheetLoaded, setSheetLoaded] = React.useState(false);
  // Missing options (an older server) mean off.
  const allowDownload = share.allowDownload === true;
  const shield = share.screenShield === true;
  const base = `/api/share/${encodeURIComponent(token)}`;
  const form = contentForm(share.idea.content);
  const oneTime = share.shareType === "one-time";
  const accessedAt = share.accessedAt ? new Date(share.accessedAt) : null;

  const startDownload = () => {
    toast.message("Download Started", { description: "Your document is being prepared for download." });
    // Loaded on demand: most readers never download (the recipient pages' JavaScript budget).
    import("@/components/recipient/download-idea").then(
      ({ downloadIdea }) => downloadIdea(form, share.idea.title, share.idea.id, share.watermark),
      (err: unknown) => {
        console.error("Loading the download failed", err);
        toast.error("Error", { description: "The download could not start. Please try again." });
      },
    );
  };

  // Issue 18 §1: which version this link shows, e.g. 'Version 2 of 2 · published 11/25/2026'.
  const shown = share.idea.version;
  const versionLine =
    shown?.number != null
      ? `Version ${shown.number} of ${shown.of ?? shown.number}${shown.publishedAt ? ` · published ${new Date(shown.publishedAt).toLocaleDateString()}` : ""}`
      : null;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <article aria-labelledby="document-title" className="grid min-w-0 gap-4">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 id="document-title" className="text-2xl font-bold break-words text-brand">
              {share.idea.title}
            </h1>
            {versionLine ? (
              <p className="text-muted-foreground mt-1 text-sm" data-testid="version-line">
                {versionLine}
              </p>
            ) : null}
            {oneTime ? (
              <p className="mt-1 inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900">
                One-time view
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {allowDownload ? (
              <Button type="button" variant="outline" className="h-11 sm:h-9" onClick={startDownload}>
                <Download aria-hidden="true" />
                Download
              </Button>
            ) : null}
            {desktop ? null : (
              <Button type="button" variant="outline" className="h-11 sm:h-9" aria-haspopup="dialog" onClick={() => {
                  setSheetLoaded(true);
                  setCommentsOpen(true);
                }}>
                <MessageSquare aria-hidden="true" />
                Comments
              </Button>
            )}
            {share.ndaId ? (
              <a
                href={`/api/ndas/${encodeURIComponent(share.ndaId)}/certificate.pdf`}
                download
                className={buttonVariants({ variant: "outline", className: "h-11 sm:h-9" })}
              >
                <FileCheck aria-hidden="true" />
                Download NDA certificate
              </a>
            ) : null}
            <Button type="button" variant="outline" className="h-11 sm:h-9" onClick={() => setConfirmClose(true)}>
              <X aria-hidden="true" />
              Close
            </Button>
          </div>
        </header>
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
          Screenshots and copies carry your name and e-mail.
        </p>
        {/* Issue 17 §4: the recipient's record says it too — nothing was accepted on a link without an NDA. */}
        {!share.ndaId && share.requireNda === false ? (
          <p className="text-xs text-muted-foreground" data-testid="no-agreement">
            No agreement was accepted: this link does not ask for one.
          </p>
        ) : null}
        <ScreenShield enabled={shield}>
          <DocumentContent form={form} watermark={share.watermark} source={{ base, engagementUrl: `${base}/engagement`, shield }} />
        </ScreenShield>
        <section aria-label="Document details" className="rounded-lg border bg-background p-4 text-sm">
          <p className="font-medium">Document shared by {share.idea.user.name}</p>
          {accessedAt ? (
            <p className="text-muted-foreground">
              Accessed <time dateTime={accessedAt.toISOString()}>{accessedAt.toLocaleString()}</time>
            </p>
          ) : null}
          <SharedTimestamp token={token} />
        </section>
      </article>
      {desktop ? (
        <CommentsPanel ideaId={share.idea.id} recipient={recipient} token={token} />
      ) : (
        sheetLoaded ? (
          <CommentsSheet open={commentsOpen} onOpenChange={setCommentsOpen} ideaId={share.idea.id} title={share.idea.title} recipient={recipient} token={token} />
        ) : null
      )}
      <ConfirmDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        title="Close Document"
        confirmLabel="Close"
        onConfirm={() => {
          setConfirmClose(false);
          router.push("/");
        }}
      >
        <p>Are you sure you want to close this document?</p>
        {oneTime ? (
          <p className="font-medium text-destructive">
            This is a one-time link: once you close the document, it cannot be viewed again.
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
