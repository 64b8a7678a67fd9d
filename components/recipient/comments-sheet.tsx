"use client";

import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { CommentsPanel } from "@/components/recipient/comments-panel";
import type { Recipient } from "@/client/types";

type CommentsSheetProps = { open: boolean; onOpenChange: (open: boolean) => void; ideaId: number; title: string; recipient: Recipient; token: string };

/**
 * The comment panel below 1024 px: the app's modal dialog (focus kept inside, Escape closes, focus back
 * on the 'Comments' button) pinned to the bottom edge as a sheet. Loaded only when first opened, so the recipient pages'
 * first load does not carry the dialog stack (page-weight budget).
 */
export default function CommentsSheet({ open, onOpenChange, ideaId, title, recipient, token }: CommentsSheetProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-slot="comments-sheet"
        className="mb-0 flex max-h-[85dvh] w-full max-w-none flex-col gap-0 rounded-b-none p-0 sm:max-w-none"
      >
        <DialogTitle className="border-b px-4 py-3 pr-12 font-semibold">Comments</DialogTitle>
        <DialogDescription className="sr-only">Comments on {title}, seen by its owner.</DialogDescription>
        <CommentsPanel ideaId={ideaId} recipient={recipient} token={token} variant="sheet" />
      </DialogContent>
    </Dialog>
  );
}
