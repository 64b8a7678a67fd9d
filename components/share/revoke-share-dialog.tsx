"use client";

import { Ban } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/client/toast";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { updateCachedShare } from "@/components/share/share-list-cache";
import { apiRequest, errorMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { OwnerShare, RevokedShare } from "@/client/types";

export const REVOKE_FAILED = "Failed to revoke share link. Please try again.";

/**
 * 'Revoke' with its confirmation: DELETE /api/shares/{id}; the link stops working at once. The button is named after the
 * link ('Revoke Sequoia', or 'Revoke Full access link' when unnamed): a screen reader's list of buttons tells them apart.
 */
export function RevokeShareDialog({ share, label }: { share: OwnerShare; label: string }) {
  const queryClient = useQueryClient();
  const deletion = useApiMutation(() => apiRequest<RevokedShare>("DELETE", `/api/shares/${encodeURIComponent(share.id)}`));

  const revoke = async () => {
    try {
      const { revokedAt } = await deletion.mutateAsync();
      updateCachedShare(queryClient, share, { revokedAt: revokedAt ?? new Date().toISOString() });
    } catch (err) {
      toast.error("Error", { description: errorMessage(err, REVOKE_FAILED) });
      return false;
    }
    toast.success("Share link revoked. It no longer opens the idea.");
    return true;
  };

  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="outline" size="sm" className="text-destructive hover:text-destructive" aria-label={`Revoke ${share.name?.trim() || `${label} link`}`}>
          <Ban aria-hidden="true" />
          Revoke
        </Button>
      }
      title="Revoke this share link?"
      description={
        <>
          Anyone holding this {label.toLowerCase()} link, including recipients who are reading the idea right now, loses access at once.
          This cannot be undone: create a new link to share again.
        </>
      }
      confirmLabel="Revoke link"
      pendingLabel="Revoking..."
      destructive
      onConfirm={revoke}
    />
  );
}
