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
  /** The button that opens the dialog (focus returns to it when the dialog closes). */
  trigger: React.ReactElement;
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
export function ConfirmDialog({ trigger, title, description, confirmLabel, pendingLabel, destructive, onConfirm }: ConfirmDialogProps) {
  const [open, setOpen] = React.useState(false);
  const [pending, setPending] = React.useState(false);

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
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
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
