"use client";

import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { toast } from "@/client/toast";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { queryKeys } from "@/client/query-client";
import { apiRequest, errorMessage, isApiError } from "@/client/request";
import { useApiMutation } from "@/client/mutation";

const DELETE_FAILED = "The room could not be deleted. Please try again.";
/** Said when the server gives no words of its own for its 409. */
const LIVE_LINKS = "This room still has live links. Revoke them first, then delete the room.";

/**
 * 'Delete room' with its confirmation (DELETE /api/rooms/{id}); the ideas themselves stay. While a live link points at
 * the room the server refuses (409): its message is shown and the room stays.
 */
export function DeleteRoomDialog({ roomId, name }: { roomId: string; name: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const deletion = useApiMutation(() => apiRequest("DELETE", `/api/rooms/${encodeURIComponent(roomId)}`, undefined, { headers: { "Content-Type": "application/json" } }));

  const remove = async () => {
    try {
      await deletion.mutateAsync();
    } catch (err) {
      const message = isApiError(err, 409) ? (err.serverMessage ?? LIVE_LINKS) : errorMessage(err, DELETE_FAILED);
      toast.error("The room was not deleted", { description: message });
      return false;
    }
    queryClient.removeQueries({ queryKey: queryKeys.room(roomId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.rooms });
    toast.success("Room deleted.");
    router.push("/dashboard");
    return true;
  };

  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="outline" size="sm" className="text-destructive hover:text-destructive h-11 sm:h-8">
          <Trash2 aria-hidden="true" />
          Delete room
        </Button>
      }
      title="Delete room"
      description={<>Delete the room &quot;{name}&quot;? Its ideas stay in your portfolio. This cannot be undone.</>}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      destructive
      onConfirm={remove}
    />
  );
}
