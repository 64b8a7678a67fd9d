"use client";

import * as React from "react";

import { cn } from "@/client/utils";
import { buttonVariants } from "@/components/ui/button";
import {
  ModalClose,
  ModalContent,
  ModalDescription,
  ModalRoot,
  ModalTitle,
  ModalTrigger,
  type ModalContentProps,
  type ModalRootProps,
} from "@/components/ui/native-dialog";

/**
 * shadcn's AlertDialog API on the browser's own modal <dialog> (components/ui/native-dialog.tsx): a question that
 * waits for an answer. Unlike a dialog, a press on the backdrop does not close it, and the safe choice (Cancel) has
 * the focus when it opens.
 */
function AlertDialog(props: ModalRootProps) {
  return <ModalRoot {...props} />;
}

function AlertDialogTrigger(props: React.ComponentProps<"button"> & { asChild?: boolean }) {
  return <ModalTrigger slot="alert-dialog-trigger" {...props} />;
}

function AlertDialogContent(props: ModalContentProps) {
  // Like Radix's AlertDialog: the safe choice (Cancel, first in the footer) has the focus, not the action.
  return <ModalContent role="alertdialog" slot="alert-dialog-content" initialFocus="[data-slot=alert-dialog-cancel]:not(:disabled)" {...props} />;
}

function AlertDialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="alert-dialog-header"
      className={cn("flex flex-col gap-2 text-center sm:text-left", className)}
      {...props}
    />
  );
}

function AlertDialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="alert-dialog-footer"
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

function AlertDialogTitle({ className, ...props }: React.ComponentProps<"h2">) {
  return <ModalTitle slot="alert-dialog-title" className={cn("text-lg font-semibold", className)} {...props} />;
}

function AlertDialogDescription(props: React.ComponentProps<"p">) {
  return <ModalDescription slot="alert-dialog-description" {...props} />;
}

/** A footer button that closes the dialog after its own onClick, unless that prevented it. */
function AlertDialogAction({ className, ...props }: React.ComponentProps<"button">) {
  return <ModalClose slot="alert-dialog-action" className={cn(buttonVariants(), className)} {...props} />;
}

function AlertDialogCancel({ className, ...props }: React.ComponentProps<"button">) {
  return <ModalClose slot="alert-dialog-cancel" className={cn(buttonVariants({ variant: "outline" }), className)} {...props} />;
}

export {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
};
