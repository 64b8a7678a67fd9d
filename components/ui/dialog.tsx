"use client";

import * as React from "react";
import { XIcon } from "lucide-react";

import { cn } from "@/client/utils";
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
 * shadcn's Dialog API on the browser's own modal <dialog> (components/ui/native-dialog.tsx), the one modal primitive
 * beside AlertDialog: a title and description that name it, a 'Close' button, Escape or a press on the backdrop
 * closes it, and focus goes back where it was.
 */
function Dialog(props: ModalRootProps) {
  return <ModalRoot {...props} />;
}

function DialogTrigger(props: React.ComponentProps<"button"> & { asChild?: boolean }) {
  return <ModalTrigger slot="dialog-trigger" {...props} />;
}

function DialogClose(props: React.ComponentProps<"button"> & { asChild?: boolean }) {
  return <ModalClose slot="dialog-close" {...props} />;
}

function DialogContent({ children, showCloseButton = true, ...props }: ModalContentProps & { showCloseButton?: boolean }) {
  return (
    <ModalContent role="dialog" slot="dialog-content" dismissOnBackdrop {...props}>
      {children}
      {showCloseButton && (
        <DialogClose className="ring-offset-background focus:ring-ring absolute top-4 right-4 rounded-xs opacity-70 transition-opacity hover:opacity-100 focus:ring-2 focus:ring-offset-2 focus:outline-hidden disabled:pointer-events-none [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4">
          <XIcon aria-hidden="true" />
          <span className="sr-only">Close</span>
        </DialogClose>
      )}
    </ModalContent>
  );
}

function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-header"
      className={cn("flex flex-col gap-2 text-center sm:text-left", className)}
      {...props}
    />
  );
}

function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

function DialogTitle({ className, ...props }: React.ComponentProps<"h2">) {
  return <ModalTitle slot="dialog-title" className={cn("text-lg leading-none font-semibold", className)} {...props} />;
}

function DialogDescription(props: React.ComponentProps<"p"> & { asChild?: boolean }) {
  return <ModalDescription slot="dialog-description" {...props} />;
}

export { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger };
