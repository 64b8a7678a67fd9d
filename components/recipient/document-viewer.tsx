"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ArrowLeft, PanelRightOpen } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import { CommentsPanel } from "@/components/recipient/comments-panel";
import { ReaderPositionProvider } from "@/components/recipient/reader-position";
import { contentForm } from "@/components/recipient/document-content";
import { CloseDocumentDialog, DocumentView } from "@/components/recipient/document-view";
import { EndScreen } from "@/components/recipient/end-screen";
import { MailReceiptButton } from "@/components/recipient/mail-receipt-button";
import { recordRoomItemOpened, recordRoomProgress } from "@/components/recipient/room-progress";
import { useMediaQuery } from "@/components/recipient/use-media-query";
import type { EngagementTarget } from "@/components/recipient/use-reading-time";
import { useDismissStaleErrors } from "@/components/recipient/use-step-toasts";
import { SharedTimestamp } from "@/components/timestamps/shared-timestamp";
import { toast } from "@/client/toast";
import type { Recipient, SharedIdea } from "@/client/types";

// Only phones that open it load the sheet (and its dialog stack).
const CommentsSheet = dynamic(() => import("@/components/recipient/comments-sheet"), { ssr: false });

/** One idea of a room link in the reader: its content and pages come from the room's item routes, its way back is the index. */
export type RoomItemContext = { ideaId: number; backHref: string };

/**
 * The reader of an agreed recipient: the idea of an idea link, or (`roomItem`) one idea of a room link, whose reading
 * time is reported with its ideaId and kept for the room's index, and which closes back to the index.
 */
export function DocumentViewer({ share, recipient, token, roomItem }: { share: SharedIdea; recipient: Recipient; token: string; roomItem?: RoomItemContext }) {
  const router = useRouter();
  const [confirmClose, setConfirmClose] = React.useState(false);
  // Close ends on a screen naming the idea and its sender, not on the marketing page.
  const [closed, setClosed] = React.useState(false);
  useDismissStaleErrors(closed ? "closed" : "document");
  // Beside the document on a wide screen; below 1024 px a bottom sheet from the 'Comments' button.
  const desktop = useMediaQuery("(min-width: 1024px)");
  const [commentsOpen, setCommentsOpen] = React.useState(false);
  // Mounted from the first opening on (it stays mounted so it can close with its animation).
  const [sheetLoaded, setSheetLoaded] = React.useState(false);
  const [commentsHidden, setCommentsHidden] = React.useState(false);
  // Missing options (an older server) mean off.
  const allowDownload = share.allowDownload === true;
  const shield = share.screenShield === true;
  const linkBase = `/api/share/${encodeURIComponent(token)}`;
  const roomIdeaId = roomItem?.ideaId;
  const base = roomIdeaId === undefined ? linkBase : `${linkBase}/items/${roomIdeaId}`;
  // One object per idea: the reading clock restarts when its target changes.
  const engagement = React.useMemo<EngagementTarget>(
    () =>
      roomIdeaId === undefined
        ? { url: `${linkBase}/engagement` }
        : { url: `${linkBase}/engagement`, ideaId: roomIdeaId, onReport: (pages) => recordRoomProgress(token, roomIdeaId, pages) },
    [linkBase, roomIdeaId, token],
  );
  // Opened is opened, even if the reader goes back before any reading time is counted.
  React.useEffect(() => {
    if (roomIdeaId !== undefined) recordRoomItemOpened(token, roomIdeaId);
  }, [token, roomIdeaId]);
  const form = contentForm(share.idea.content);
  const oneTime = share.shareType === "one-time";
  const accessedAt = share.accessedAt ? new Date(share.accessedAt) : null;
  // A room's idea has no proof of its own on this link (the room's agreement is the link's): its index is where it returns.
  const inRoom = roomItem !== undefined;

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

  const view = (
    <DocumentView
      idea={share.idea}
      shareType={share.shareType}
      form={form}
      source={{ base, engagement, shield }}
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
      onClose={() => (roomItem ? router.push(roomItem.backHref) : setConfirmClose(true))}
      details={
        <>
          {inRoom ? null : <SharedTimestamp token={token} />}
          {share.addressProven ? <MailReceiptButton token={token} email={recipient.email} /> : null}
        </>
      }
    />
  );

  // The comments of this idea on this link: a room's item has its own thread, named by its ideaId. On a wide screen
  // they can fold away to a button, giving the page their column.
  const comments = desktop ? (
    commentsHidden ? (
      <Button type="button" variant="outline" className="lg:sticky lg:top-4" aria-label="Show comments" onClick={() => setCommentsHidden(false)}>
        <PanelRightOpen aria-hidden="true" />
        Comments
      </Button>
    ) : (
      <CommentsPanel ideaId={share.idea.id} recipient={recipient} token={token} onHide={() => setCommentsHidden(true)} />
    )
  ) : sheetLoaded ? (
    <CommentsSheet open={commentsOpen} onOpenChange={setCommentsOpen} ideaId={share.idea.id} title={share.idea.title} recipient={recipient} token={token} />
  ) : null;

  const columns = desktop && commentsHidden ? "lg:grid-cols-[minmax(0,1fr)_auto]" : "lg:grid-cols-[minmax(0,1fr)_20rem]";

  if (roomItem) {
    return (
      <div className="grid min-w-0 gap-4">
        <Link href={roomItem.backHref} prefetch={false} className={buttonVariants({ variant: "outline", className: "h-11 w-fit sm:h-9" })}>
          <ArrowLeft aria-hidden="true" />
          Back to the room
        </Link>
        <ReaderPositionProvider>
          <div className={`grid gap-6 ${columns} lg:items-start`}>
            {view}
            {comments}
          </div>
        </ReaderPositionProvider>
      </div>
    );
  }

  return (
    <div className={`grid gap-6 ${columns} lg:items-start`}>
      <ReaderPositionProvider>
        {view}
        {comments}
      </ReaderPositionProvider>
      <CloseDocumentDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        oneTime={oneTime}
        agreed={Boolean(share.ndaId)}
        onConfirm={() => {
          setConfirmClose(false);
          setClosed(true);
        }}
      />
    </div>
  );
}
