"use client";

import { lazy } from "react";
import { Pencil } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { OwnerShare } from "@/client/types";

// The dialog (the form, the agreement list) loads when 'Edit' is reached, not with the page.
const loadContent = () => import("@/components/share/edit-share-dialog-content");
const EditShareDialogContent = lazy(() => loadContent().then((m) => ({ default: m.EditShareDialogContent })));

/** 'Edit' on a link: the button, and its dialog (components/share/edit-share-dialog-content.tsx) once it is needed. */
export function EditShareDialog({ share, label }: { share: OwnerShare; label: string }) {
  return (
    <DialogOnDemand
      preload={loadContent}
      trigger={
        <Button type="button" variant="outline" size="sm" aria-label={`Edit ${share.name ?? label}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      }
    >
      {(dialog) => <EditShareDialogContent share={share} {...dialog} />}
    </DialogOnDemand>
  );
}
