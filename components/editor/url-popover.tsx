"use client";

import * as React from "react";
import { toast } from "@/client/toast";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Popover, PopoverAnchor, PopoverContent } from "@/components/ui/popover";
import { ignoreAnchorPress, type ToolbarPanelProps } from "@/components/editor/toolbar-popover-button";

type UrlPopoverProps = ToolbarPanelProps & {
  /** The prompt's text (spec: 'Enter URL', 'Enter YouTube video URL:'), the input's label. */
  prompt: string;
  /** The toolbar button's name, also the panel's. */
  label: string;
  placeholder?: string;
  /** The value the input starts with each time it opens. */
  initialValue?: () => string;
  /** Applies the answer; returns the reason it was refused, or null when done. */
  onApply: (value: string) => string | null;
  /** Gives the editor text its focus back: after Apply, Cancel, Escape or an outside click. */
  onClosed: () => void;
};

/**
 * An inline replacement for window.prompt anchored to a toolbar button (components/editor/toolbar-popover-button.tsx,
 * which loads this module when the button is reached): Enter applies, Escape cancels. Every way it closes, a refused
 * answer included (its reason then shows as an error toast), gives the text its focus back: focus left on the
 * toolbar let the next keys press its buttons (End, Enter once pressed Undo).
 */
export function UrlPopover({ anchor, open, onOpenChange, prompt, label, placeholder, initialValue, onApply, onClosed }: UrlPopoverProps) {
  // Mounted afresh for each opening (see ToolbarPopoverButton).
  const [value, setValue] = React.useState(() => initialValue?.() ?? "");
  const inputId = React.useId();

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refusal = onApply(value);
    onOpenChange(false);
    if (refusal !== null) toast.error("Error", { description: refusal });
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchor} />
      <PopoverContent
        align="start"
        className="w-80 max-w-[calc(100vw-2rem)]"
        aria-label={label}
        onInteractOutside={ignoreAnchorPress(anchor)}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-2">
          <label htmlFor={inputId} className="text-sm font-medium">
            {prompt}
          </label>
          <Input
            id={inputId}
            value={value}
            placeholder={placeholder}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setValue(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" size="sm">
              Apply
            </Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
  );
}
