"use client";

import * as React from "react";
import { Send } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { PUBLISH_DIALOG_TEXT, PUBLISH_DIALOG_TITLE, TEMPLATE_LEFT_WARNING } from "@/components/editor/publish-texts";

type PublishDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  publishing: boolean;
  onConfirm: () => void;
  templateLines: string[];
  /** Where focus goes when the dialog closes: 'Share It' once published, else back to 'Publish'. */
  shareLink: React.RefObject<HTMLAnchorElement | null>;
  publishButton: React.RefObject<HTMLButtonElement | null>;
};

/**
 * The confirmation before publishing (spec §4). Its own chunk (issue 19 §1): the alert dialog is not part of the
 * editor's first load; EditorActions fetches it when 'Publish' is pointed at, focused or pressed.
 */
export function PublishDialog({ open, onOpenChange, publishing, onConfirm, templateLines, shareLink, publishButton }: PublishDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          // Radix would focus its trigger; 'Publish' is a plain button here, so it is focused the same way.
          event.preventDefault();
          (shareLink.current ?? publishButton.current)?.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{PUBLISH_DIALOG_TITLE}</AlertDialogTitle>
          <AlertDialogDescription>{PUBLISH_DIALOG_TEXT}</AlertDialogDescription>
        </AlertDialogHeader>
        {templateLines.length > 0 ? (
          <div data-template-warning className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <p>{TEMPLATE_LEFT_WARNING}</p>
            <p className="mt-1">
              Still from the template: {templateLines.slice(0, 3).map((line) => `“${line}”`).join(", ")}
              {templateLines.length > 3 ? ` and ${templateLines.length - 3} more` : ""}.
            </p>
          </div>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={publishing}>{templateLines.length > 0 ? "Go back" : "Cancel"}</AlertDialogCancel>
          <Button type="button" onClick={onConfirm} disabled={publishing} aria-busy={publishing}>
            {publishing ? <Spinner label="Publishing..." /> : <Send aria-hidden="true" />}
            {templateLines.length > 0 ? "Publish anyway" : "Publish"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
