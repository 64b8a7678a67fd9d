"use client";

import { useId, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { toast } from "@/client/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { type DialogOnDemandState, focusTriggerOnClose } from "@/components/ui/dialog-on-demand";
import { Spinner } from "@/components/ui/spinner";
import { RoomFields, useRoomFields } from "@/components/rooms/room-fields";
import { PublishedIdeaChoice } from "@/components/rooms/published-idea-choice";
import { queryKeys } from "@/client/query-client";
import { apiRequest } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { IdeaListItem } from "@/client/types";

type CreateRoomRequest = { name: string; note?: string; ideaIds?: number[] };

/**
 * 'New room' (POST /api/rooms): a name, an optional welcome note for the recipients and the published ideas to put in
 * it, in the order chosen; on success the room's screen opens. Loaded when the dashboard's button is first reached.
 */
export function NewRoomContent({ open, onOpenChange: setOpen, returnFocusTo }: DialogOnDemandState) {
  const id = useId();
  const router = useRouter();
  const fields = useRoomFields({ name: "", note: "" });
  const [chosen, setChosen] = useState<number[]>([]);
  const ideas = useQuery<IdeaListItem[]>({ queryKey: queryKeys.ideas });
  const published = (ideas.data ?? []).filter((idea) => idea.status === "published");

  const create = useApiMutation((request: CreateRoomRequest) => apiRequest<{ id: string }>("POST", "/api/rooms", request), {
    invalidates: [queryKeys.rooms],
    onSuccess: (room) => {
      toast.success("Room created.");
      setOpen(false);
      router.push(`/rooms/${encodeURIComponent(room.id)}`);
    },
    onError: (err) => fields.showServerErrors(err, "The room could not be created."),
  });

  // Each opening starts empty.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      fields.reset({ name: "", note: "" });
      setChosen([]);
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const body = fields.check();
    if (!body) return;
    create.mutate({ ...body, ...(chosen.length ? { ideaIds: chosen } : {}) });
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg" onCloseAutoFocus={focusTriggerOnClose(returnFocusTo)}>
        <DialogHeader>
          <DialogTitle>New room</DialogTitle>
          <DialogDescription>Several published ideas behind one link: recipients identify once and accept one agreement naming every idea.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-4" aria-busy={create.isPending}>
          <RoomFields idPrefix={id} fields={fields} disabled={create.isPending} />
          <PublishedIdeaChoice ideas={published} loading={ideas.isPending} chosen={chosen} onChange={setChosen} disabled={create.isPending} />
          {fields.formError ? (
            <p role="alert" className="text-destructive text-sm">
              {fields.formError}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="submit" disabled={create.isPending} className="h-11 sm:h-9">
              {create.isPending ? <Spinner label="Creating the room..." /> : null}
              Create room
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
