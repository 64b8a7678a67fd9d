"use client";

import { Ban } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/client/toast";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { queryKeys } from "@/client/query-client";
import { apiRequest, errorMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";

/** 'Revoke all links' with its confirmation: DELETE /api/ideas/{id}/shares; every live link stops at once. */
export function RevokeAllDialog({ ideaId, count }: { ideaId: number; count: number }) {
  const queryClient = useQueryClient();
  const deletion = useApiMutation(() => apiRequest<{ revoked: number }>("DELETE", `/api/ideas/${ideaId}/shares`));

  const revokeAll = async () => {
    try {
      const { revoked } = await deletion.mutateAsync();
      toast.success(`${revoked} ${revoked === 1 ? "link" : "links"} revoked. They no longer open the idea.`);
    } catch (err) {
      toast.error("Error", { description: errorMessage(err, "Failed to revoke the links. Please try again.") });
      return false;
    } finally {
      void queryClient.invalidateQueries({ queryKey: queryKeys.shares(ideaId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity(ideaId) });
    }
    return true;
  };

  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="outline" size="sm" className="text-destructive hover:text-destructive">
          <Ban aria-hidden="true" />
          Revoke all links
        </Button>
      }
      title="Revoke all links to this idea?"
      description={
        <>
          All {count} {count === 1 ? "link" : "links"} that still work stop at once, including for recipients reading right now. This cannot be
          undone: create new links to share again.
        </>
      }
      confirmLabel="Revoke all links"
      pendingLabel="Revoking..."
      destructive
      onConfirm={revokeAll}
    />
  );
}
