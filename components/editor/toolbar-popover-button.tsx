"use client";

import * as React from "react";

import { Button } from "@/components/ui/button";
import { useToolbarTooltip } from "@/components/editor/toolbar-tooltip";

/** What a lazily loaded panel gets: the button it hangs from, and its open state. */
export type ToolbarPanelProps = {
  anchor: React.RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type ToolbarPopoverButtonProps = {
  /** Accessible name and tooltip. */
  label: string;
  icon: React.ReactNode;
  active?: boolean;
  /** Starts loading the panel's code (its module); called on hover, focus and press, so it is there by the click. */
  preload: () => Promise<unknown>;
  /** The panel, a React.lazy component rendered below a Suspense boundary once the button was first pressed. */
  renderPanel: (panel: ToolbarPanelProps) => React.ReactNode;
};

/**
 * A toolbar button that opens a popover whose code is not part of the editor's first load (the link,
 * video and colour popovers load when they are needed). The button is here from the start, with its tooltip and the
 * attributes a popover trigger carries; the panel (a Radix popover anchored to this button) is fetched when the
 * pointer or the focus reaches the button, and appears on the click.
 */
export function ToolbarPopoverButton({ label, icon, active, preload, renderPanel }: ToolbarPopoverButtonProps) {
  const anchor = React.useRef<HTMLButtonElement>(null);
  const [open, setOpen] = React.useState(false);
  // Each opening mounts the panel afresh (its input starts from the current link); closed, it stays for its exit.
  const [opening, setOpening] = React.useState(0);

  const load = () => {
    preload().catch(() => undefined); // the click loads again, and Suspense shows the failure through the boundary
  };

  const toggle = () => {
    if (open) {
      setOpen(false);
      return;
    }
    load();
    setOpening((n) => n + 1);
    setOpen(true);
  };

  const tooltip = useToolbarTooltip(label, { onFocus: load, onPointerDown: load, onClick: toggle });

  return (
    <>
      <Button
        ref={anchor}
        type="button"
        variant="ghost"
        size="icon"
        aria-label={label}
        aria-pressed={active}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? "open" : "closed"}
        data-active={active ? "" : undefined}
        onPointerEnter={load}
        className="data-[active]:bg-accent data-[active]:text-brand data-[active]:ring-border size-11 shrink-0 data-[active]:ring-1 sm:size-8"
        {...tooltip}
      >
        {icon}
      </Button>
      {opening > 0 ? (
        <React.Suspense fallback={null}>
          <React.Fragment key={opening}>{renderPanel({ anchor, open, onOpenChange: setOpen })}</React.Fragment>
        </React.Suspense>
      ) : null}
    </>
  );
}

/**
 * For a panel's Radix popover: a press on the toolbar button is not an outside click (the button's own click then
 * closes it), like Radix's own trigger.
 */
export function ignoreAnchorPress(anchor: React.RefObject<HTMLButtonElement | null>) {
  return (event: { target: EventTarget | null; preventDefault: () => void }) => {
    if (event.target instanceof Node && anchor.current?.contains(event.target)) event.preventDefault();
  };
}
