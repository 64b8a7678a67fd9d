"use client";

import { useState } from "react";
import { Trash2 } from "lucide-react";
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
import { useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/client/query-client";
import { apiRequest } from "@/lib/client/request";

type DeleteIdeaDialogProps = {
  id: number;
  title: string;
  onDeleted?: () => void | Promise<void>;
};

/** The draft card's delete icon, with the confirmation the spec requires. */
export function DeleteIdeaDialog({ id, title, onDeleted }: DeleteIdeaDialogProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setDeleting(true);
    try {
      // SPEC §7: the DELETE carries a JSON content type even without a body.
      await apiRequest("DELETE", `/api/ideas/${id}`, undefined, { headers: { "Content-Type": "application/json" } });
      queryClient.removeQueries({ queryKey: queryKeys.idea(id) }); // the editor must not show it from memory
      toast.success("Success", { description: "Idea deleted successfully!" });
      setOpen(false);
      void onDeleted?.();
    } catch {
      toast.error("Error", { description: "Failed to delete idea. Please try again." });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !deleting && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Delete"
          title="Delete"
          className="text-muted-foreground hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete idea</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete &quot;{title}&quot;? This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleting}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            disabled={deleting}
            aria-busy={deleting}
            onClick={(event) => {
              event.preventDefault(); // keep the dialog open until the server answers
              void confirm();
            }}
          >
            {deleting ? <Spinner label="Deleting..." /> : null}
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
