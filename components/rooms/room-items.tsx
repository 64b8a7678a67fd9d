"use client";

import { useId, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { toast } from "@/client/toast";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { RoomItemRow } from "@/components/rooms/room-item-row";
import { itemInputs, movedText, moveItem } from "@/components/rooms/room-order";
import { queryKeys } from "@/client/query-client";
import { apiRequest, errorMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { IdeaListItem, RoomDetail, RoomItem } from "@/client/types";

/** An idea just chosen, shown at once; the server's answer fills in its page count. */
function newItem(idea: IdeaListItem, position: number): RoomItem {
  return { ideaId: idea.id, title: idea.title, kind: idea.kind, version: idea.version, pageCount: null, folder: null, pinVersion: null, allowDownload: null, position };
}

/**
 * The room's ideas in their order (PUT /api/rooms/{id}/items with the whole list after each change): add a published
 * idea, remove one, move one by dragging its handle, by the arrow keys on the handle or by Move up / Move down (each move
 * announced), and each item's folder, version pin and download.
 */
export function RoomItems({ room }: { room: RoomDetail }) {
  const headingId = useId();
  const instructionsId = useId();
  const addId = useId();
  const [items, setItems] = useState(room.items);
  const [serverItems, setServerItems] = useState(room.items);
  if (room.items !== serverItems) {
    setServerItems(room.items);
    setItems(room.items);
  }
  const [announcement, setAnnouncement] = useState("");
  const [dragged, setDragged] = useState<number | null>(null);
  const dragOrder = useRef<RoomItem[] | null>(null);
  const [toAdd, setToAdd] = useState("");
  const ideas = useQuery<IdeaListItem[]>({ queryKey: queryKeys.ideas });
  const addable = (ideas.data ?? []).filter((idea) => idea.status === "published" && !items.some((i) => i.ideaId === idea.id));

  const save = useApiMutation((next: RoomItem[]) => apiRequest("PUT", `/api/rooms/${encodeURIComponent(room.id)}/items`, { items: itemInputs(next) }), {
    invalidates: [queryKeys.room(room.id), queryKeys.rooms],
    onError: (err) => {
      toast.error(errorMessage(err, "The room's documents could not be saved. Please try again."));
      setItems(room.items);
    },
  });
  const commit = (next: RoomItem[]) => {
    setItems(next);
    save.mutate(next);
  };

  const move = (from: number, to: number) => {
    const item = items[from];
    if (!item || to < 0 || to >= items.length) return;
    commit(moveItem(items, from, to));
    setAnnouncement(movedText(item.title.trim() || "Untitled Idea", to, items.length));
    // The moved row's handle keeps the focus (the browser drops it when the row's node moves).
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-handle="${item.ideaId}"]`)?.focus());
  };

  const add = () => {
    const idea = addable.find((i) => String(i.id) === toAdd);
    if (!idea) return;
    commit([...items, newItem(idea, items.length)]);
    setAnnouncement(`${idea.title.trim() || "Untitled Idea"} added to the room`);
    setToAdd("");
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Documents
        </h2>
        {save.isPending ? <Spinner label="Saving the room's documents..." /> : null}
      </div>
      <p id={instructionsId} className="sr-only">
        Press the up or down arrow key to move this document, Home or End to move it to the top or the bottom.
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {items.length === 0 ? (
        <p className="text-muted-foreground rounded-lg border border-dashed px-4 py-6 text-center text-sm">This room has no documents yet. Add a published idea below.</p>
      ) : (
        <ol aria-labelledby={headingId} className="space-y-3">
          {items.map((item, index) => (
            <RoomItemRow
              key={item.ideaId}
              item={item}
              index={index}
              count={items.length}
              instructionsId={instructionsId}
              disabled={false}
              dragging={dragged === item.ideaId}
              onMove={(to) => move(index, to)}
              onChange={(next) => commit(items.map((i) => (i.ideaId === next.ideaId ? next : i)))}
              onRemove={() => {
                commit(items.filter((i) => i.ideaId !== item.ideaId));
                setAnnouncement(`${item.title.trim() || "Untitled Idea"} removed from the room`);
              }}
              onDragStart={() => {
                dragOrder.current = items;
                setDragged(item.ideaId);
              }}
              onDragOverRow={() => {
                if (dragged === null || dragged === item.ideaId) return;
                const from = items.findIndex((i) => i.ideaId === dragged);
                setItems(moveItem(items, from, index));
              }}
              onDragEnd={() => {
                const before = dragOrder.current;
                dragOrder.current = null;
                setDragged(null);
                if (before && before.some((i, k) => i.ideaId !== items[k]?.ideaId)) {
                  save.mutate(items);
                  const at = items.findIndex((i) => i.ideaId === item.ideaId);
                  setAnnouncement(movedText(item.title.trim() || "Untitled Idea", at, items.length));
                }
              }}
            />
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1 space-y-1">
          <Label htmlFor={addId}>Add a published idea</Label>
          <select
            id={addId}
            value={toAdd}
            onChange={(e) => setToAdd(e.target.value)}
            disabled={ideas.isPending || addable.length === 0}
            className="border-input bg-background focus-visible:ring-ring/50 h-11 w-full rounded-md border px-2 text-sm outline-none focus-visible:ring-[3px] sm:h-9"
          >
            <option value="">{ideas.isPending ? "Loading your ideas..." : addable.length === 0 ? "Every published idea is in the room" : "Choose an idea"}</option>
            {addable.map((idea) => (
              <option key={idea.id} value={idea.id}>
                {idea.title.trim() || "Untitled Idea"}
                {idea.version ? ` (v${idea.version})` : ""}
              </option>
            ))}
          </select>
        </div>
        <Button type="button" variant="outline" className="h-11 sm:h-9" disabled={!toAdd} onClick={add}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
    </section>
  );
}
