"use client";

import * as React from "react";
import Link from "next/link";
import { Eye, Save, Send, Share2 } from "lucide-react";

import { IdeaStatusBadge } from "@/components/ideas/idea-status-badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

// Issue 19 §1: the confirmation (an alert dialog) is not part of the editor's first load; it is fetched when
// 'Publish' is pointed at, focused or pressed, so it is there by the click.
const loadPublishDialog = () => import("@/components/editor/publish-dialog");
const PublishDialog = React.lazy(() => loadPublishDialog().then((m) => ({ default: m.PublishDialog })));

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

export { PUBLISH_DIALOG_TEXT, PUBLISH_DIALOG_TITLE, TEMPLATE_LEFT_WARNING } from "@/components/editor/publish-texts";

/** The state-dependent buttons of the editor screen (spec §2, §4); publishing, which is final, asks first. */
export function EditorActions({
  ideaId, published, pending, canSave, onSave, canPublish, onPublish, hideSave = false, templateLines = [],
}: EditorActionsProps) {
  const [confirming, setConfirming] = React.useState(false);
  // The dialog is mounted from the first request on (and stays, for its closing animation and focus return).
  const [dialogWanted, setDialogWanted] = React.useState(false);
  const shareLink = React.useRef<HTMLAnchorElement>(null);
  const publishButton = React.useRef<HTMLButtonElement>(null);
  const busy = pending !== null;

  const preloadDialog = () => {
    loadPublishDialog().catch(() => undefined); // pressing 'Publish' loads again (Suspense shows it once there)
  };

  const openDialog = () => {
    if (!canPublish()) return; // it explains why itself
    preloadDialog();
    setDialogWanted(true);
    setConfirming(true);
  };

  const confirm = async () => {
    if (await onPublish()) setConfirming(false);
  };

  return (
    <>
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
              <Button
                ref={publishButton}
                type="button"
                variant="outline"
                // What the dialog's trigger carried.
                aria-haspopup="dialog"
                aria-expanded={confirming}
                data-state={confirming ? "open" : "closed"}
                onPointerEnter={preloadDialog}
                onFocus={preloadDialog}
                onPointerDown={preloadDialog}
                onClick={openDialog}
                disabled={busy}
              >
                <Send aria-hidden="true" />
                Publish
              </Button>
            ) : null}
          </>
        )}

        {/* Issue 19 §2: the saved idea as a recipient reads it (a draft too), before anything irreversible. */}
        {ideaId !== null ? (
          <Link href={`/share/${ideaId}/preview?from=editor`} className={buttonVariants({ variant: "ghost" })}>
            <Eye aria-hidden="true" />
            Preview as recipient
          </Link>
        ) : null}
      </div>

      {/* Outside the branches so that, once published, focus can move on to 'Share It'. */}
      {dialogWanted ? (
        <React.Suspense fallback={null}>
          <PublishDialog
            open={confirming}
            onOpenChange={(open) => (pending === "publish" ? undefined : setConfirming(open))}
            publishing={pending === "publish"}
            onConfirm={() => void confirm()}
            templateLines={templateLines}
            shareLink={shareLink}
            publishButton={publishButton}
          />
        </React.Suspense>
      ) : null}
    </>
  );
}
