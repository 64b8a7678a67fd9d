"use client";

import * as React from "react";
import { Check, RotateCcw } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Popover, PopoverAnchor, PopoverContent } from "@/components/ui/popover";
import { ignoreAnchorPress, type ToolbarPanelProps } from "@/components/editor/toolbar-popover-button";
import { cn } from "@/client/utils";

/** Spec §9: exactly 21 preset text colours. */
export const TEXT_COLORS = [
  { name: "Black", value: "#000000" },
  { name: "Dark gray", value: "#4B5563" },
  { name: "Gray", value: "#9CA3AF" },
  { name: "Navy", value: "#2E3A59" },
  { name: "Dark red", value: "#991B1B" },
  { name: "Red", value: "#EF4444" },
  { name: "Pink", value: "#EC4899" },
  { name: "Rose", value: "#F43F5E" },
  { name: "Orange", value: "#F97316" },
  { name: "Amber", value: "#F59E0B" },
  { name: "Yellow", value: "#EAB308" },
  { name: "Lime", value: "#84CC16" },
  { name: "Green", value: "#22C55E" },
  { name: "Dark green", value: "#166534" },
  { name: "Teal", value: "#14B8A6" },
  { name: "Cyan", value: "#06B6D4" },
  { name: "Sky", value: "#0EA5E9" },
  { name: "Blue", value: "#3B82F6" },
  { name: "Dark blue", value: "#1E40AF" },
  { name: "Indigo", value: "#6366F1" },
  { name: "Purple", value: "#A855F7" },
] as const;

type ColorPaletteProps = ToolbarPanelProps & {
  /** The colour at the cursor, if any. */
  current: string | null;
  onSelect: (color: string) => void;
  onReset: () => void;
};

/**
 * The 'Text color' popup, anchored to its toolbar button (components/editor/toolbar-popover-button.tsx, which loads
 * this module when the button is reached): closes on an outside click, Escape, or after a choice, and gives the
 * focus back to the button.
 */
export function ColorPalette({ anchor, open, onOpenChange, current, onSelect, onReset }: ColorPaletteProps) {
  const selected = current?.toLowerCase() ?? null;
  // Like Radix's own trigger: the focus goes back to the button, unless the popup closed by a click elsewhere.
  const clickedOutside = React.useRef(false);

  const choose = (action: () => void) => {
    action();
    onOpenChange(false);
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchor} />
      <PopoverContent
        align="start"
        className="w-auto p-3"
        aria-label="Text colors"
        onInteractOutside={(event) => {
          ignoreAnchorPress(anchor)(event);
          if (!event.defaultPrevented) clickedOutside.current = true;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!clickedOutside.current) anchor.current?.focus();
        }}
      >
        <div role="group" aria-label="Preset colors" className="grid grid-cols-7 gap-1.5">
          {TEXT_COLORS.map((color) => {
            const isSelected = selected === color.value.toLowerCase();
            return (
              <button
                key={color.value}
                type="button"
                title={color.name}
                aria-label={`${color.name} (${color.value})`}
                aria-pressed={isSelected}
                onClick={() => choose(() => onSelect(color.value))}
                className={cn(
                  "focus-visible:ring-ring/50 flex size-7 items-center justify-center rounded-md border outline-none focus-visible:ring-[3px]",
                  isSelected && "ring-ring ring-2 ring-offset-1",
                )}
                style={{ backgroundColor: color.value }}
              >
                {isSelected ? <Check aria-hidden="true" className="size-3.5 text-white mix-blend-difference" /> : null}
              </button>
            );
          })}
        </div>
        <Button type="button" variant="outline" size="sm" className="mt-3 w-full" onClick={() => choose(onReset)}>
          <RotateCcw aria-hidden="true" />
          Reset to default
        </Button>
      </PopoverContent>
    </Popover>
  );
}
