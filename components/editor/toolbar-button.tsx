"use client";

import * as React from "react";

import { Button } from "@/components/ui/button";
import { useToolbarTooltip } from "@/components/editor/toolbar-tooltip";
import { cn } from "@/client/utils";

export type ToolbarButtonProps = Omit<React.ComponentProps<typeof Button>, "aria-label" | "children"> & {
  /** Accessible name, also shown as the tooltip. */
  label: string;
  icon: React.ReactNode;
  /** For toggles: sets aria-pressed. Leave undefined for plain actions. */
  active?: boolean;
};

/** An icon button of the editor toolbar with its tooltip (toolbar-tooltip.tsx); 44 px touch targets on phones, compact from `sm` up. */
export function ToolbarButton({
  label,
  icon,
  active,
  className,
  onPointerMove,
  onPointerLeave,
  onPointerDown,
  onFocus,
  onBlur,
  onClick,
  ...props
}: ToolbarButtonProps) {
  const tooltip = useToolbarTooltip(label, { onPointerMove, onPointerLeave, onPointerDown, onFocus, onBlur, onClick });
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-pressed={active}
      data-active={active ? "" : undefined}
      className={cn(
        "size-11 shrink-0 sm:size-8 data-[active]:bg-accent data-[active]:text-brand data-[active]:ring-1 data-[active]:ring-border",
        className,
      )}
      {...props}
      {...tooltip}
    >
      {icon}
    </Button>
  );
}

/** A thin divider between toolbar groups. */
export function ToolbarDivider() {
  return <span aria-hidden="true" className="bg-border mx-1 hidden h-6 w-px self-center sm:block" />;
}
