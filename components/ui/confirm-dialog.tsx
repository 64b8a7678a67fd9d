"use client";

import * as React from "react";

import type { ConfirmDialogContentProps } from "@/components/ui/confirm-dialog-content";
import { DialogOnDemand, type TriggerProps } from "@/components/ui/dialog-on-demand";

// The dialog's code is not part of a page's first load. It loads
// when the trigger is reached (hover, focus, press), so it is there by the click.
const loadContent = () => import("@/components/ui/confirm-dialog-content");
const ConfirmDialogContent = React.lazy(() => loadContent().then((m) => ({ default: m.ConfirmDialogContent })));

type ConfirmDialogProps = Omit<ConfirmDialogContentProps, "open" | "onOpenChange" | "returnFocusTo"> & {
  /** The button that opens the dialog (focus returns to it when the dialog closes); none when `open` is controlled. */
  trigger?: React.ReactElement<TriggerProps>;
  /** Controlled: the caller opens the dialog itself (after checking a form, say). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/**
 * A confirmation for an action that cannot be undone (delete an idea, revoke a link): the dialog stays open with
 * a spinner until the server answers, and cannot be dismissed meanwhile. The trigger is rendered here, the dialog
 * (components/ui/confirm-dialog-content.tsx) once it was first opened (components/ui/dialog-on-demand.tsx).
 */
export function ConfirmDialog({ trigger, open, onOpenChange, ...content }: ConfirmDialogProps) {
  return (
    <DialogOnDemand trigger={trigger} open={open} onOpenChange={onOpenChange} preload={loadContent}>
      {(dialog) => <ConfirmDialogContent {...content} {...dialog} />}
    </DialogOnDemand>
  );
}
