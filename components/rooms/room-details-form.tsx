"use client";

import { useId, useState, type FormEvent } from "react";
import { toast } from "@/client/toast";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { RoomFields, useRoomFields } from "@/components/rooms/room-fields";
import { queryKeys } from "@/client/query-client";
import { apiRequest } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { RoomDetail } from "@/client/types";

/** The room's name and welcome note (PATCH /api/rooms/{id}), each message beside its field. */
export function RoomDetailsForm({ room }: { room: Pick<RoomDetail, "id" | "name" | "note"> }) {
  const id = useId();
  const fields = useRoomFields({ name: room.name, note: room.note ?? "" });
  // A newer answer from the server (another tab, a refresh) replaces what is shown, unless it is being edited.
  const [shown, setShown] = useState(room);
  if (shown.name !== room.name || shown.note !== room.note) {
    setShown(room);
    fields.reset({ name: room.name, note: room.note ?? "" });
  }
  const changed = fields.values.name !== room.name || fields.values.note !== (room.note ?? "");

  const update = useApiMutation((body: { name: string; note: string | null }) => apiRequest("PATCH", `/api/rooms/${encodeURIComponent(room.id)}`, body), {
    invalidates: [queryKeys.room(room.id), queryKeys.rooms],
    onSuccess: () => void toast.success("Room saved."),
    onError: (err) => fields.showServerErrors(err, "The room could not be saved."),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const body = fields.check();
    if (body) update.mutate({ name: body.name, note: body.note ?? null });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Room details" className="space-y-4" aria-busy={update.isPending}>
      <RoomFields idPrefix={id} fields={fields} disabled={update.isPending} />
      {fields.formError ? (
        <p role="alert" className="text-destructive text-sm">
          {fields.formError}
        </p>
      ) : null}
      <Button type="submit" variant="outline" className="h-11 sm:h-9" disabled={!changed || update.isPending}>
        {update.isPending ? <Spinner label="Saving the room..." /> : null}
        Save
      </Button>
    </form>
  );
}
