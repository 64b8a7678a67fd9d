"use client";

import * as React from "react";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  destructive?: boolean;
};

/**
 * A modal confirmation of the recipient pages (decline the agreement, leave the document) on the app's one modal
 * dialog (components/ui/dialog.tsx, the browser's own <dialog>): Escape or a press on the backdrop cancels.
 */
export function ConfirmDialog({ open, onOpenChange, title, children, confirmLabel, onConfirm, destructive }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent showCloseButton={false} className="block max-w-md p-0 sm:max-w-md">
        <div className="grid gap-4 p-6">
          <DialogTitle className="leading-7">{title}</DialogTitle>
          <DialogDescription asChild>
            <div className="grid gap-2">{children}</div>
          </DialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" className="h-11 sm:h-10" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="button" variant={destructive ? "destructive" : "default"} className="h-11 sm:h-10" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
