"use client";

import * as React from "react";

import type { ConfirmDialogContentProps } from "@/components/ui/confirm-dialog-content";

// Issue 19 §1: the dialog's code (Radix's focus trap, layers, portal) is not part of a page's first load. It loads
// when the trigger is reached (hover, focus, press), so it is there by the click.
const loadContent = () => import("@/components/ui/confirm-dialog-content");
const ConfirmDialogContent = React.lazy(() => loadContent().then((m) => ({ default: m.ConfirmDialogContent })));

type TriggerProps = {
  ref?: React.Ref<HTMLElement>;
  onClick?: React.MouseEventHandler<HTMLElement>;
  onPointerEnter?: React.PointerEventHandler<HTMLElement>;
  onFocus?: React.FocusEventHandler<HTMLElement>;
};

type ConfirmDialogProps = Omit<ConfirmDialogContentProps, "open" | "onOpenChange" | "returnFocusTo"> & {
  /** The button that opens the dialog (focus returns to it when the dialog closes); none when `open` is controlled. */
  trigger?: React.ReactElement<TriggerProps>;
  /** Controlled: the caller opens the dialog itself (after checking a form, say). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

function preload() {
  loadContent().catch(() => undefined); // opening loads again
}

/**
 * A confirmation for an action that cannot be undone (delete an idea, revoke a link): the dialog stays open with
 * a spinner until the server answers, and cannot be dismissed meanwhile. The trigger is rendered here, the dialog
 * (components/ui/confirm-dialog-content.tsx) once it was first opened.
 */
export function ConfirmDialog({ trigger, open: controlledOpen, onOpenChange, ...content }: ConfirmDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = React.useState(false);
  const open = controlledOpen ?? uncontrolledOpen;
  const [mounted, setMounted] = React.useState(open);
  const triggerRef = React.useRef<HTMLElement>(null);
  if (open && !mounted) setMounted(true);

  const setOpen = (next: boolean) => {
    setUncontrolledOpen(next);
    onOpenChange?.(next);
  };

  const own = trigger?.props;
  const triggerElement = trigger
    ? React.cloneElement(trigger, {
        ref: triggerRef,
        "aria-haspopup": "dialog",
        "aria-expanded": open,
        onPointerEnter: (event: React.PointerEvent<HTMLElement>) => {
          own?.onPointerEnter?.(event);
          preload();
        },
        onFocus: (event: React.FocusEvent<HTMLElement>) => {
          own?.onFocus?.(event);
          preload();
        },
        onClick: (event: React.MouseEvent<HTMLElement>) => {
          own?.onClick?.(event);
          if (!event.defaultPrevented) setOpen(true);
        },
      } as TriggerProps)
    : null;

  return (
    <>
      {triggerElement}
      {mounted ? (
        <React.Suspense fallback={null}>
          <ConfirmDialogContent {...content} open={open} onOpenChange={setOpen} returnFocusTo={trigger ? triggerRef : undefined} />
        </React.Suspense>
      ) : null}
    </>
  );
}
