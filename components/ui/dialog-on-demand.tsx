"use client";

import * as React from "react";

export type TriggerProps = {
  ref?: React.Ref<HTMLElement>;
  onClick?: React.MouseEventHandler<HTMLElement>;
  onPointerEnter?: React.PointerEventHandler<HTMLElement>;
  onFocus?: React.FocusEventHandler<HTMLElement>;
};

/** What the dialog itself is given: it is controlled, and gives the focus back to the trigger once it has closed. */
export type DialogOnDemandState = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger (none when `open` is controlled without one). */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
};

type DialogOnDemandProps = {
  /** The button that opens the dialog; none when `open` is controlled. */
  trigger?: React.ReactElement<TriggerProps>;
  /** Controlled: the caller opens the dialog itself (after checking a form, say). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Starts loading the dialog's code (a dynamic import); called when the trigger is reached. */
  preload: () => Promise<unknown>;
  /** The dialog, rendered (inside Suspense) once it was first opened, and kept so it can animate out. */
  children: (state: DialogOnDemandState) => React.ReactNode;
};

/**
 * A dialog whose code (its form and rules) is not part of a page's first load
 *: the trigger is rendered here, and the dialog's module loads when the trigger is reached (pointer over
 * it, focus), so it is there by the click; a click before that waits for it, the trigger marked busy meanwhile.
 * The content is a React.lazy component of the caller's, controlled through the state it is given.
 */
export function DialogOnDemand({ trigger, open: controlledOpen, onOpenChange, preload, children }: DialogOnDemandProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = React.useState(false);
  const open = controlledOpen ?? uncontrolledOpen;
  const [mounted, setMounted] = React.useState(open);
  const [loaded, setLoaded] = React.useState(false);
  const triggerRef = React.useRef<HTMLElement>(null);
  if (open && !mounted) setMounted(true);

  const load = React.useCallback(() => {
    preload().then(
      () => setLoaded(true),
      () => undefined, // opening loads again
    );
  }, [preload]);

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
        "aria-busy": open && !loaded ? true : undefined,
        onPointerEnter: (event: React.PointerEvent<HTMLElement>) => {
          own?.onPointerEnter?.(event);
          load();
        },
        onFocus: (event: React.FocusEvent<HTMLElement>) => {
          own?.onFocus?.(event);
          load();
        },
        onClick: (event: React.MouseEvent<HTMLElement>) => {
          own?.onClick?.(event);
          if (event.defaultPrevented) return;
          load();
          setOpen(true);
        },
      } as TriggerProps)
    : null;

  return (
    <>
      {triggerElement}
      {mounted ? <React.Suspense fallback={null}>{children({ open, onOpenChange: setOpen, returnFocusTo: trigger ? triggerRef : undefined })}</React.Suspense> : null}
    </>
  );
}

/**
 * The dialog content's `onCloseAutoFocus`: the dialog's own trigger is not used, so the focus goes back to the button that
 * opened the dialog (DialogOnDemandState.returnFocusTo).
 */
export function focusTriggerOnClose(returnFocusTo: React.RefObject<HTMLElement | null> | undefined) {
  return (event: Event) => {
    if (!returnFocusTo) return;
    event.preventDefault();
    returnFocusTo.current?.focus();
  };
}
