"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { AccessDenied, VerifyingAccess } from "@/components/recipient/access-state";
import { CommentsPanel } from "@/components/recipient/comments-panel";
import { contentForm } from "@/components/recipient/document-content";
import { CloseDocumentDialog, DocumentView } from "@/components/recipient/document-view";
import { EndScreen } from "@/components/recipient/end-screen";
import { MailReceiptButton } from "@/components/recipient/mail-receipt-button";
import { recipientPath, recipientStage } from "@/components/recipient/recipient-flow";
import { useMediaQuery } from "@/components/recipient/use-media-query";
import { useSharedIdea } from "@/components/recipient/use-shared-idea";
import { useDismissStaleErrors } from "@/components/recipient/use-step-toasts";
import { SharedTimestamp } from "@/components/timestamps/shared-timestamp";
import { toast } from "@/client/toast";
import type { Recipient, SharedIdea } from "@/client/types";

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
  const [confirmClose, setConfirmClose] = React.useState(false);
  // Close ends on a screen naming the idea and its sender, not on the marketing page.
  const [closed, setClosed] = React.useState(false);
  useDismissStaleErrors(closed ? "closed" : "document");
  // Beside the document on a wide screen; below 1024 px a bottom sheet from the 'Comments' button.
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

  if (closed) return <EndScreen ending={{ kind: "closed", title: share.idea.title, sender: share.idea.user.name, oneTime }} />;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <DocumentView
        idea={share.idea}
        shareType={share.shareType}
        form={form}
        source={{ base, engagementUrl: `${base}/engagement`, shield }}
        watermark={share.watermark}
        accessedAt={accessedAt}
        // The recipient's record says it too — nothing was accepted on a link without an NDA.
        noAgreement={!share.ndaId && share.requireNda === false}
        onDownload={allowDownload ? startDownload : null}
        onComments={
          desktop
            ? null
            : () => {
                setSheetLoaded(true);
                setCommentsOpen(true);
              }
        }
        certificateHref={share.ndaId ? `/api/ndas/${encodeURIComponent(share.ndaId)}/certificate.pdf` : null}
        onClose={() => setConfirmClose(true)}
        details={
          <>
            <SharedTimestamp token={token} />
            {share.addressProven ? <MailReceiptButton token={token} email={recipient.email} /> : null}
          </>
        }
      />
      {desktop ? (
        <CommentsPanel ideaId={share.idea.id} recipient={recipient} token={token} />
      ) : (
        sheetLoaded ? (
          <CommentsSheet open={commentsOpen} onOpenChange={setCommentsOpen} ideaId={share.idea.id} title={share.idea.title} recipient={recipient} token={token} />
        ) : null
      )}
      <CloseDocumentDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        oneTime={oneTime}
        onConfirm={() => {
          setConfirmClose(false);
          setClosed(true);
        }}
      />
    </div>
  );
}
