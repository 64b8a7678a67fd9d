"use client";

import { lazy, useId } from "react";
import { useQuery } from "@tanstack/react-query";
import { FolderOpen, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { IntentLink } from "@/components/ui/intent-link";
import { LocalTime } from "@/components/ui/local-time";
import { DialogOnDemand } from "@/components/ui/dialog-on-demand";
import { plural } from "@/components/share/evidence-format";
import { queryKeys } from "@/client/query-client";
import type { RoomSummary } from "@/client/types";
import { LoadError, LoadingLine } from "@/components/ui/load-state";

const loadDialog = () => import("@/components/rooms/new-room-dialog");
const NewRoomContent = lazy(() => loadDialog().then((m) => ({ default: m.NewRoomContent })));

const roomList = (data: { rooms: RoomSummary[] }) => data.rooms;

/** '3 ideas · 1 link'. */
export function roomCountsText(room: Pick<RoomSummary, "itemCount" | "linkCount">): string {
  return `${plural(room.itemCount, "idea")} · ${plural(room.linkCount, "link")}`;
}

function RoomCard({ room }: { room: RoomSummary }) {
  return (
    <Card className="hover:border-brand/40 gap-2 py-4 transition-colors">
      <div className="flex items-start gap-3 px-4">
        <FolderOpen aria-hidden="true" className="text-brand mt-0.5 size-5 shrink-0" />
        <h3 className="min-w-0 flex-1 font-semibold break-words">
          <IntentLink href={`/rooms/${encodeURIComponent(room.id)}`} className="focus-visible:ring-ring/50 rounded-sm outline-none hover:underline focus-visible:ring-[3px]">
            {room.name}
          </IntentLink>
        </h3>
      </div>
      <p className="text-muted-foreground px-4 text-sm" data-testid="room-counts">
        {roomCountsText(room)}
      </p>
      <p className="text-muted-foreground px-4 text-xs">
        Updated <LocalTime value={room.updatedAt} dateOnly />
      </p>
    </Card>
  );
}

/**
 * The dashboard's 'Rooms' (GET /api/rooms): several published ideas behind one link, one agreement, with 'New room'.
 */
export function RoomsSection() {
  const headingId = useId();
  const rooms = useQuery<{ rooms: RoomSummary[] }, Error, RoomSummary[]>({ queryKey: queryKeys.rooms, select: roomList });

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold sm:text-xl">
          Rooms
        </h2>
        <DialogOnDemand
          preload={loadDialog}
          trigger={
            <Button type="button" size="sm" className="h-11 sm:h-8">
              <Plus aria-hidden="true" />
              New room
            </Button>
          }
        >
          {(dialog) => <NewRoomContent {...dialog} />}
        </DialogOnDemand>
      </div>
      {rooms.isPending ? (
        <LoadingLine label="Loading rooms..." />
      ) : rooms.isError ? (
        <LoadError onRetry={() => void rooms.refetch()}>Could not load your rooms. Please try again.</LoadError>
      ) : rooms.data.length === 0 ? (
        <p className="text-muted-foreground rounded-lg border border-dashed px-4 py-6 text-center text-sm">
          No rooms yet. A room shares several published ideas behind one link and one agreement.
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 [&>li]:min-w-0">
          {rooms.data.map((room) => (
            <li key={room.id}>
              <RoomCard room={room} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
