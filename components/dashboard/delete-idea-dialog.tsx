"use client";

import { Trash2 } from "lucide-react";
import { toast } from "@/client/toast";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { queryKeys } from "@/client/query-client";
import { apiRequest } from "@/client/request";
import { useApiMutation } from "@/client/mutation";

type DeleteIdeaDialogProps = {
  id: number;
  title: string;
  onDeleted?: () => void | Promise<void>;
};

/** The draft card's delete icon, with the confirmation the spec requires. */
export function DeleteIdeaDialog({ id, title, onDeleted }: DeleteIdeaDialogProps) {
  const queryClient = useQueryClient();

  // SPEC §7: the DELETE carries a JSON content type even without a body.
  const deletion = useApiMutation(() => apiRequest("DELETE", `/api/ideas/${id}`, undefined, { headers: { "Content-Type": "application/json" } }), {
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.idea(id) }); // the editor must not show it from memory
      toast.success("Success", { description: "Idea deleted successfully!" });
      void onDeleted?.();
    },
    onError: () => void toast.error("Error", { description: "Failed to delete idea. Please try again." }),
  });
  const deleteIdea = () =>
    deletion.mutateAsync().then(
      () => true,
      () => false,
    );

  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghost" size="icon" aria-label="Delete" title="Delete" className="text-muted-foreground hover:text-destructive">
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title="Delete idea"
      description={<>Are you sure you want to delete &quot;{title}&quot;? This action cannot be undone.</>}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      destructive
      onConfirm={deleteIdea}
    />
  );
}
