"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { Eye, Save, Send, Share2 } from "lucide-react";

import { Button, buttonVariants } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";

// Shown once the idea is published: not part of a draft's first load.
const IdeaStatusBadge = dynamic(() => import("@/components/ideas/idea-status-badge").then((m) => m.IdeaStatusBadge));

type EditorActionsProps = {
  ideaId: number | null;
  published: boolean;
  pending: "save" | "publish" | null;
  /** 'Save Changes' is enabled only when there is something to save. */
  canSave: boolean;
  onSave: () => void;
  /** False when publishing cannot start now (it explains why itself). */
  canPublish: () => boolean;
  /** Resolves true once published. */
  onPublish: () => Promise<boolean>;
  /** A PDF idea has no 'Save Changes' (its title is saved on its own). */
  hideSave?: boolean;
  /** Template lines still unfilled (their samples): publishing warns and offers to go back. */
  templateLines?: string[];
};

export const PUBLISH_DIALOG_TITLE = "Publish this idea?";
export const PUBLISH_DIALOG_TEXT =
  "Once published, the idea becomes read-only and gets a blockchain timestamp. Published ideas cannot be edited.";
export const TEMPLATE_LEFT_WARNING =
  "This idea still contains template text that you have not replaced. Go back to fill it in, or publish it as it is.";

/** The state-dependent buttons of the editor screen (spec §2, §4); publishing, which is final, asks first. */
export function EditorActions({
  ideaId, published, pending, canSave, onSave, canPublish, onPublish, hideSave = false, templateLines = [],
}: EditorActionsProps) {
  const [confirming, setConfirming] = React.useState(false);
  const shareLink = React.useRef<HTMLAnchorElement>(null);
  const busy = pending !== null;

  // Once published through the dialog, focus moves on to 'Share It' when the dialog has gone (the page behind a
  // modal dialog is inert until then).
  const focusShareIt = React.useRef(false);
  const confirm = async () => {
    focusShareIt.current = await onPublish();
    if (focusShareIt.current) setConfirming(false);
  };
  React.useEffect(() => {
    if (!published || confirming || !focusShareIt.current) return;
    focusShareIt.current = false;
    shareLink.current?.focus();
  }, [published, confirming]);

  return (
    <AlertDialog open={confirming} onOpenChange={(open) => (pending === "publish" ? undefined : setConfirming(open))}>
      <div className="flex flex-wrap items-center gap-2">
        {published && ideaId !== null ? (
          <>
            <IdeaStatusBadge published />
            <Button asChild>
              <Link ref={shareLink} href={`/share/${ideaId}`}>
                <Share2 aria-hidden="true" />
                Share It
              </Link>
            </Button>
          </>
        ) : (
          <>
            {hideSave ? null : (
              <Button type="button" onClick={onSave} disabled={busy || !canSave} aria-busy={pending === "save"}>
                {pending === "save" ? <Spinner label="Saving..." /> : <Save aria-hidden="true" />}
                {ideaId === null ? "Create Idea" : "Save Changes"}
              </Button>
            )}
            {ideaId !== null ? (
              <AlertDialogTrigger asChild>
                <Button
                  type="button"
                  variant="outline"
                  // Radix does not open the dialog when the click was prevented.
                  onClick={(event) => (canPublish() ? undefined : event.preventDefault())}
                  disabled={busy}
                >
                  <Send aria-hidden="true" />
                  Publish
                </Button>
              </AlertDialogTrigger>
            ) : null}
          </>
        )}

        {/* The saved idea as a recipient reads it (a draft too), before anything irreversible. */}
        {ideaId !== null ? (
          <Link href={`/share/${ideaId}/preview?from=editor`} className={buttonVariants({ variant: "ghost" })}>
            <Eye aria-hidden="true" />
            Preview as recipient
          </Link>
        ) : null}

        {/* Outside the branches so that, once published, focus can move on to 'Share It'. */}
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            if (shareLink.current) event.preventDefault(); // published: the effect above gave 'Share It' the focus
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
            <AlertDialogCancel disabled={pending === "publish"}>{templateLines.length > 0 ? "Go back" : "Cancel"}</AlertDialogCancel>
            <Button type="button" onClick={confirm} disabled={pending === "publish"} aria-busy={pending === "publish"}>
              {pending === "publish" ? <Spinner label="Publishing..." /> : <Send aria-hidden="true" />}
              {templateLines.length > 0 ? "Publish anyway" : "Publish"}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </div>
    </AlertDialog>
  );
}
