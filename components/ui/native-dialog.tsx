"use client";

import * as React from "react";
import { Slot as SlotPrimitive } from "radix-ui";

import { cn } from "@/client/utils";

/**
 * The one modal primitive of the app, on the browser's own <dialog> shown with showModal(): the top layer, the inert
 * page behind it, Tab kept inside and Escape come from the platform, so a page carries no focus-trap,
 * dismissable-layer or scroll-lock libraries. components/ui/dialog.tsx and components/ui/alert-dialog.tsx are
 * shadcn's two APIs over it. What the platform leaves to us: the open state is React's (Escape asks
 * `onOpenChange(false)`, which a caller may refuse while its action runs), the page behind does not scroll, and focus
 * returns where it was (or where `onCloseAutoFocus` puts it, Radix's contract: preventDefault() keeps the default).
 */
type ModalState = {
  open: boolean;
  setOpen: (open: boolean) => void;
  trigger: React.RefObject<HTMLElement | null>;
  titleId: string;
  descriptionId: string;
};

const ModalContext = React.createContext<ModalState | null>(null);

export function useModal(part: string) {
  const state = React.useContext(ModalContext);
  if (!state) throw new Error(`<${part}> must be inside its dialog's root`);
  return state;
}

export type ModalRootProps = {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: React.ReactNode;
};

/** The open state (controlled or not), the trigger to give focus back to, and the ids that name the dialog. */
export function ModalRoot({ open: controlled, defaultOpen = false, onOpenChange, children }: ModalRootProps) {
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
  return <ModalContext.Provider value={state}>{children}</ModalContext.Provider>;
}

/** The button that opens the dialog (focus returns to it once the dialog has closed). */
export function ModalTrigger({ slot, asChild, onClick, ...props }: React.ComponentProps<"button"> & { slot: string; asChild?: boolean }) {
  const { open, setOpen, trigger } = useModal(slot);
  const Comp = asChild ? SlotPrimitive.Slot : "button";
  return (
    <Comp
      data-slot={slot}
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

/** A button (or, asChild, its one child) that closes the dialog after its own onClick, unless that prevented it. */
export function ModalClose({ slot, asChild, className, onClick, ...props }: React.ComponentProps<"button"> & { slot: string; asChild?: boolean }) {
  const { setOpen } = useModal(slot);
  const Comp = asChild ? SlotPrimitive.Slot : "button";
  return (
    <Comp
      type={asChild ? undefined : "button"}
      data-slot={slot}
      className={className}
      {...props}
      onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) setOpen(false);
      }}
    />
  );
}

export type ModalContentProps = Omit<React.ComponentProps<"dialog">, "open" | "role"> & {
  /** Called once the dialog has closed; preventDefault() keeps focus from going back where it was. */
  onCloseAutoFocus?: (event: Event) => void;
};

type ModalBoxProps = ModalContentProps & {
  role: "dialog" | "alertdialog";
  slot: string;
  /** The element given the focus on opening; without one, the platform's choice (the first focusable element). */
  initialFocus?: string;
  /** A press on the backdrop asks to close (a dialog's rule; an alert dialog waits for an answer). */
  dismissOnBackdrop?: boolean;
};

/** The dialog element, mounted while open: showModal() on mount, focus handed back on unmount. */
export function ModalContent(props: ModalBoxProps) {
  const { open } = useModal(props.slot);
  return open ? <OpenModal {...props} /> : null;
}

function OpenModal({ role, slot, initialFocus, dismissOnBackdrop, className, onCloseAutoFocus, onClick, children, ...props }: ModalBoxProps) {
  const { setOpen, trigger, titleId, descriptionId } = useModal(slot);
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
    if (initialFocus) element.querySelector<HTMLElement>(initialFocus)?.focus();
    return () => {
      root.style.overflow = overflow;
      // Not close(): its 'close' event would reach onClose after the caller closed it. Removing the element takes
      // it out of the top layer and the page out of inertness.
      // In the next task, as Radix does: what the close rendered (e.g. 'Share It' after publishing) is there by then.
      window.setTimeout(() => {
        if (element.isConnected) return; // not removed after all (React's StrictMode replays effects in development)
        const event = new Event("dialog.closeAutoFocus", { cancelable: true });
        onCloseAutoFocusRef.current?.(event);
        if (!event.defaultPrevented && restoreTo?.isConnected) restoreTo.focus();
      }, 0);
    };
  }, [trigger, initialFocus]);

  return (
    <dialog
      ref={dialog}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-slot={slot}
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
      // A press on the backdrop reaches the dialog element itself, outside its box.
      onClick={(event) => {
        onClick?.(event);
        if (!dismissOnBackdrop || event.defaultPrevented || event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
        if (outside) setOpen(false);
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

/** The dialog's name (its aria-labelledby). */
export function ModalTitle({ slot, className, ...props }: React.ComponentProps<"h2"> & { slot: string }) {
  const { titleId } = useModal(slot);
  return <h2 id={titleId} data-slot={slot} className={className} {...props} />;
}

/** The dialog's description (its aria-describedby): a paragraph, or (asChild) its one child, e.g. a block of several. */
export function ModalDescription({ slot, asChild, className, ...props }: React.ComponentProps<"p"> & { slot: string; asChild?: boolean }) {
  const { descriptionId } = useModal(slot);
  const Comp = asChild ? SlotPrimitive.Slot : "p";
  return <Comp id={descriptionId} data-slot={slot} className={cn("text-muted-foreground text-sm", className)} {...props} />;
}
