"use client";

import { useState } from "react";
import { Ban } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { queryKeys } from "@/lib/client/query-client";
import { apiRequest, errorMessage } from "@/lib/client/request";
import type { RevokedShare, Share } from "@/lib/client/types";

export const REVOKE_FAILED = "Failed to revoke share link. Please try again.";

/** 'Revoke' with its confirmation: DELETE /api/shares/{id}; the link stops working at once. */
export function RevokeShareDialog({ share, label }: { share: Share; label: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [revoking, setRevoking] = useState(false);

  const confirm = async () => {
    setRevoking(true);
    try {
      const { revokedAt } = await apiRequest<RevokedShare>("DELETE", `/api/shares/${encodeURIComponent(share.id)}`);
      queryClient.setQueryData<Share[]>(queryKeys.shares(share.ideaId), (list) =>
        list?.map((s) => (s.id === share.id ? { ...s, revokedAt: revokedAt ?? new Date().toISOString() } : s)),
      );
      toast.success("Share link revoked. It no longer opens the idea.");
      setOpen(false);
    } catch (err) {
      toast.error("Error", { description: errorMessage(err, REVOKE_FAILED) });
    } finally {
      setRevoking(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !revoking && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="text-destructive hover:text-destructive" aria-label={`Revoke ${label}`}>
          <Ban aria-hidden="true" />
          Revoke
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Revoke this share link?</AlertDialogTitle>
          <AlertDialogDescription>
            Anyone holding this {label.toLowerCase()} link, including recipients who are reading the idea right now, loses access
            at once. This cannot be undone: create a new link to share again.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={revoking}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            disabled={revoking}
            aria-busy={revoking}
            onClick={(event) => {
              event.preventDefault(); // keep the dialog open until the server answers
              void confirm();
            }}
          >
            {revoking ? <Spinner label="Revoking..." /> : null}
            Revoke link
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
