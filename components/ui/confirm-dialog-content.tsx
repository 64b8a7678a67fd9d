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
import { buttonVariants } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

export type ConfirmDialogContentProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger, given the focus back when the dialog closes (the dialog's own trigger is not used). */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
  /** Where focus goes once the dialog has closed (preventDefault() keeps it from the trigger). */
  onCloseAutoFocus?: (event: Event) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  confirmLabel: string;
  /** The spinner's accessible label while the action runs. */
  pendingLabel: string;
  destructive?: boolean;
  /** Runs the action and tells its own outcome (toasts); resolves true to close, false to stay open (a failure). */
  onConfirm: () => Promise<boolean>;
};

/** The dialog of components/ui/confirm-dialog.tsx, loaded when it is first needed. */
export function ConfirmDialogContent(props: ConfirmDialogContentProps) {
  const { open, title, description, confirmLabel, pendingLabel, destructive, onConfirm, onCloseAutoFocus, returnFocusTo } = props;
  const [pending, setPending] = React.useState(false);
  const setOpen = props.onOpenChange;

  const confirm = async () => {
    setPending(true);
    try {
      if (await onConfirm()) setOpen(false);
    } finally {
      setPending(false);
    }
  };

  const closeAutoFocus = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented || !returnFocusTo) return;
    event.preventDefault();
    returnFocusTo.current?.focus();
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialogContent onCloseAutoFocus={closeAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={destructive ? buttonVariants({ variant: "destructive" }) : undefined}
            disabled={pending}
            aria-busy={pending}
            onClick={(event) => {
              event.preventDefault(); // keep the dialog open until the server answers
              void confirm();
            }}
          >
            {pending ? <Spinner label={pendingLabel} /> : null}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
