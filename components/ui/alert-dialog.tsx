"use client";

import * as React from "react";
import { Slot as SlotPrimitive } from "radix-ui";

import { cn } from "@/lib/utils";
import { buttonVariants } from "@/components/ui/button";

/**
 * shadcn's AlertDialog API on the browser's own modal <dialog> (issue 19 §1): the top layer, the inert page behind
 * it, Tab kept inside and Escape come from the platform, so the editor's first load carries no focus-trap,
 * dismissable-layer or scroll-lock libraries. What the platform leaves to us: the open state is React's (Escape asks
 * `onOpenChange(false)`, which a caller may refuse while its action runs), the page behind does not scroll, and focus
 * returns where it was (or where `onCloseAutoFocus` puts it, Radix's contract: preventDefault() keeps the default).
 */
type AlertDialogState = {
  open: boolean;
  setOpen: (open: boolean) => void;
  trigger: React.RefObject<HTMLElement | null>;
  titleId: string;
  descriptionId: string;
};

const AlertDialogContext = React.createContext<AlertDialogState | null>(null);

function useAlertDialog(part: string) {
  const state = React.useContext(AlertDialogContext);
  if (!state) throw new Error(`<${part}> must be inside <AlertDialog>`);
  return state;
}

type AlertDialogProps = {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: React.ReactNode;
};

function AlertDialog({ open: controlled, defaultOpen = false, onOpenChange, children }: AlertDialogProps) {
  const [uncontrolled, setUncontrolled] = React.useState(defaultOpen);
  const open = controlled ?? uncontrolled;
  const onOpenChangeRef = React.useRef(onOpenChange);
  React.useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  }, [onOpenChange]);
  const setOpen = React.useCallback(
    (next: boolean) => {
      if (controlled === undefined) setUncontrolled(next);
      onOpenChangeRef.current?.(next);
    },
    [controlled],
  );
  const trigger = React.useRef<HTMLElement | null>(null);
  const titleId = React.useId();
  const descriptionId = React.useId();
  const state = React.useMemo(() => ({ open, setOpen, trigger, titleId, descriptionId }), [open, setOpen, titleId, descriptionId]);
  return <AlertDialogContext.Provider value={state}>{children}</AlertDialogContext.Provider>;
}

function AlertDialogTrigger({ asChild, onClick, ...props }: React.ComponentProps<"button"> & { asChild?: boolean }) {
  const { open, setOpen, trigger } = useAlertDialog("AlertDialogTrigger");
  const Comp = asChild ? SlotPrimitive.Slot : "button";
  return (
    <Comp
      data-slot="alert-dialog-trigger"
      type={asChild ? undefined : "button"}
      aria-haspopup="dialog"
      aria-expanded={open}
      {...props}
      ref={trigger as React.Ref<HTMLButtonElement>}
      onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        // Radix's rule: a click the trigger's own handler prevented does not open the dialog.
        if (!event.defaultPrevented) setOpen(true);
      }}
    />
  );
}

type AlertDialogContentProps = Omit<React.ComponentProps<"dialog">, "open"> & {
  /** Called once the dialog has closed; preventDefault() keeps focus from going back where it was. */
  onCloseAutoFocus?: (event: Event) => void;
};

function AlertDialogContent(props: AlertDialogContentProps) {
  const { open } = useAlertDialog("AlertDialogContent");
  return open ? <OpenAlertDialog {...props} /> : null;
}

/** Mounted while open: showModal() on mount, focus handed back on unmount. */
function OpenAlertDialog({ className, onCloseAutoFocus, children, ...props }: AlertDialogContentProps) {
  const { setOpen, trigger, titleId, descriptionId } = useAlertDialog("AlertDialogContent");
  const dialog = React.useRef<HTMLDialogElement>(null);
  const onCloseAutoFocusRef = React.useRef(onCloseAutoFocus);
  React.useEffect(() => {
    onCloseAutoFocusRef.current = onCloseAutoFocus;
  }, [onCloseAutoFocus]);

  React.useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const hadFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const restoreTo = trigger.current ?? hadFocus;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    element.showModal();
    // Like Radix's AlertDialog: the safe choice (Cancel, first in the footer) has the focus, not the action.
    element.querySelector<HTMLElement>("[data-slot=alert-dialog-cancel]:not(:disabled)")?.focus();
    return () => {
      root.style.overflow = overflow;
      // Not close(): its 'close' event would reach onClose after the caller closed it. Removing the element takes
      // it out of the top layer and the page out of inertness.
      // In the next task, as Radix does: what the close rendered (e.g. 'Share It' after publishing) is there by then.
      window.setTimeout(() => {
        if (element.isConnected) return; // not removed after all (React's StrictMode replays effects in development)
        const event = new Event("alertDialog.closeAutoFocus", { cancelable: true });
        onCloseAutoFocusRef.current?.(event);
        if (!event.defaultPrevented && restoreTo?.isConnected) restoreTo.focus();
      }, 0);
    };
  }, [trigger]);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-slot="alert-dialog-content"
      data-state="open"
      // Escape: the platform would close the element itself; the caller decides instead.
      onCancel={(event) => {
        event.preventDefault();
        setOpen(false);
      }}
      // Chrome closes anyway on a repeated Escape without user activation: if the caller keeps the dialog open (its
      // action is running), show it again rather than leave an open state with a hidden dialog.
      onClose={() => {
        setOpen(false);
        queueMicrotask(() => {
          const element = dialog.current;
          if (element?.isConnected && !element.open) element.showModal();
        });
      }}
      className={cn(
        "bg-background text-foreground animate-in fade-in-0 zoom-in-95 m-auto grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] gap-4 overflow-y-auto rounded-lg border p-6 shadow-lg duration-200 outline-none backdrop:bg-black/50 sm:max-w-lg",
        className,
      )}
      {...props}
    >
      {children}
    </dialog>
  );
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
  const { titleId } = useAlertDialog("AlertDialogTitle");
  return <h2 id={titleId} data-slot="alert-dialog-title" className={cn("text-lg font-semibold", className)} {...props} />;
}

function AlertDialogDescription({ className, ...props }: React.ComponentProps<"p">) {
  const { descriptionId } = useAlertDialog("AlertDialogDescription");
  return <p id={descriptionId} data-slot="alert-dialog-description" className={cn("text-muted-foreground text-sm", className)} {...props} />;
}

/** A footer button that closes the dialog after its own onClick, unless that prevented it. */
function closingButton(slot: string, variant: Parameters<typeof buttonVariants>[0]) {
  function ClosingButton({ className, onClick, ...props }: React.ComponentProps<"button">) {
    const { setOpen } = useAlertDialog(slot);
    return (
      <button
        type="button"
        data-slot={slot}
        className={cn(buttonVariants(variant), className)}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) setOpen(false);
        }}
        {...props}
      />
    );
  }
  return ClosingButton;
}

const AlertDialogAction = closingButton("alert-dialog-action", undefined);
const AlertDialogCancel = closingButton("alert-dialog-cancel", { variant: "outline" });

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
