"use client";

import * as React from "react";
import { Check, Pencil, X } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";

/**
 * 'PDF Document: {title}' (spec §2), and before publishing a 'Rename' that edits the title in place:
 * the file itself does not change. `onSave` resolves true once saved.
 */
export function PdfTitle({
  title,
  editable,
  saving,
  onSave,
}: {
  title: string;
  editable: boolean;
  saving: boolean;
  onSave: (title: string) => Promise<boolean>;
}) {
  const [editing, setEditing] = React.useState(false);
  const [value, setValue] = React.useState(title);
  const input = React.useRef<HTMLInputElement>(null);
  const renameButton = React.useRef<HTMLButtonElement>(null);

  // Focus goes back to 'Rename' once the field has closed and the button is rendered again.
  const refocus = React.useRef(false);
  React.useEffect(() => {
    if (editing) input.current?.select();
    else if (refocus.current) {
      refocus.current = false;
      renameButton.current?.focus();
    }
  }, [editing]);

  const close = () => {
    refocus.current = true;
    setEditing(false);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (value.trim() === title) return close();
    if (await onSave(value)) close();
  };

  if (editable && editing) {
    return (
      <form onSubmit={submit} className="flex min-w-0 flex-1 flex-wrap items-center gap-2 sm:max-w-xl">
        <h1 className="sr-only">PDF Document: {title}</h1>
        <Input
          ref={input}
          aria-label="PDF idea title"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              setValue(title);
              close();
            }
          }}
          maxLength={200}
          disabled={saving}
          className="h-10 min-w-0 flex-1 font-semibold"
        />
        <Button type="submit" size="sm" disabled={saving || !value.trim()} aria-busy={saving}>
          {saving ? <Spinner label="Saving..." /> : <Check aria-hidden="true" />}
          Save title
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={saving}
          onClick={() => {
            setValue(title);
            close();
          }}
        >
          <X aria-hidden="true" />
          Cancel
        </Button>
      </form>
    );
  }

  return (
    <div className="flex min-w-0 items-start gap-2">
      <h1 className="min-w-0 text-xl font-semibold break-words sm:text-2xl">PDF Document: {title || "Untitled Idea"}</h1>
      {editable ? (
        <Button
          ref={renameButton}
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => {
            setValue(title);
            setEditing(true);
          }}
        >
          <Pencil aria-hidden="true" />
          Rename
        </Button>
      ) : null}
    </div>
  );
}
