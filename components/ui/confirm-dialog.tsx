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
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { buttonVariants } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

type ConfirmDialogProps = {
  /** The button that opens the dialog (focus returns to it when the dialog closes); none when `open` is controlled. */
  trigger?: React.ReactElement;
  /** Controlled: the caller opens the dialog itself (after checking a form, say). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where focus goes once the dialog has closed (Radix's event: preventDefault() keeps it from the trigger). */
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

/**
 * A confirmation for an action that cannot be undone (delete an idea, revoke a link): the dialog stays open with
 * a spinner until the server answers, and cannot be dismissed meanwhile.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { trigger, title, description, confirmLabel, pendingLabel, destructive, onConfirm, onCloseAutoFocus } = props;
  const [uncontrolledOpen, setUncontrolledOpen] = React.useState(false);
  const [pending, setPending] = React.useState(false);
  const open = props.open ?? uncontrolledOpen;
  const setOpen = (next: boolean) => {
    setUncontrolledOpen(next);
    props.onOpenChange?.(next);
  };

  const confirm = async () => {
    setPending(true);
    try {
      if (await onConfirm()) setOpen(false);
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
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
