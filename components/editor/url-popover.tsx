"use client";

import * as React from "react";
import { toast } from "@/lib/client/toast";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

type UrlPopoverProps = {
  /** The prompt's text (spec: 'Enter URL', 'Enter YouTube video URL:'), the input's label. */
  prompt: string;
  /** The toolbar button: its accessible name and tooltip. */
  label: string;
  icon: React.ReactNode;
  active?: boolean;
  placeholder?: string;
  /** The value the input starts with each time it opens. */
  initialValue?: () => string;
  /** Applies the answer; returns the reason it was refused, or null when done. */
  onApply: (value: string) => string | null;
  /** Gives the editor text its focus back: after Apply, Cancel, Escape or an outside click. */
  onClosed: () => void;
};

/**
 * An inline replacement for window.prompt anchored to a toolbar button: Enter applies, Escape cancels. Every way
 * it closes, a refused answer included (its reason then shows as an error toast), gives the text its focus back:
 * focus left on the toolbar let the next keys press its buttons (End, Enter once pressed Undo).
 */
export function UrlPopover({ prompt, label, icon, active, placeholder, initialValue, onApply, onClosed }: UrlPopoverProps) {
  const [open, setOpen] = React.useState(false);
  const [value, setValue] = React.useState("");
  const inputId = React.useId();

  const onOpenChange = (next: boolean) => {
    if (next) {
      setValue(initialValue?.() ?? "");
    }
    setOpen(next);
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refusal = onApply(value);
    setOpen(false);
    if (refusal !== null) toast.error("Error", { description: refusal });
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <Tooltip>
        <TooltipTrigger asChild>
          <PopoverTrigger asChild>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={label}
              aria-pressed={active}
              data-active={active ? "" : undefined}
              className="data-[active]:bg-accent data-[active]:text-brand data-[active]:ring-border size-11 shrink-0 data-[active]:ring-1 sm:size-8"
            >
              {icon}
            </Button>
          </PopoverTrigger>
        </TooltipTrigger>
        <TooltipContent>{label}</TooltipContent>
      </Tooltip>
      <PopoverContent
        align="start"
        className="w-80 max-w-[calc(100vw-2rem)]"
        aria-label={label}
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
            <Button type="button" variant="outline" size="sm" onClick={() => setOpen(false)}>
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
