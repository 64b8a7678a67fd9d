"use client";

import * as React from "react";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";

type UnsavedChangesDialogProps = {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
  /** True once 'Leave' was chosen: the page is going, focus stays where it is. */
  leaving: React.RefObject<boolean>;
  returnFocus: React.RefObject<HTMLElement | null>;
};

/**
 * UnsavedChangesGuard's question. Its own chunk (issue 19 §1): the alert dialog is not part of the editor's first
 * load; the guard fetches it once there are edits to lose.
 */
export function UnsavedChangesDialog({ open, onStay, onLeave, leaving, returnFocus }: UnsavedChangesDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : onStay())}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          // Opened by a link or the Back button, not by a trigger: give focus back to what had it.
          if (leaving.current) return;
          event.preventDefault();
          returnFocus.current?.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
          <AlertDialogDescription>
            Your changes to this idea have not been saved. If you leave now, they will be lost.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Stay</AlertDialogCancel>
          <AlertDialogAction onClick={onLeave}>Leave</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
