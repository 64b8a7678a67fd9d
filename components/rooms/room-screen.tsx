"use client";

import { useQuery } from "@tanstack/react-query";
import { FolderOpen } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { CreateShareForm } from "@/components/share/create-share-form";
import { EvidencePackButton } from "@/components/evidence/evidence-pack-button";
import { ShareLinks } from "@/components/share/share-links";
import { ActivityTimeline } from "@/components/share/activity-timeline";
import { DeleteRoomDialog } from "@/components/rooms/delete-room-dialog";
import { RoomDetailsForm } from "@/components/rooms/room-details-form";
import { RoomItems } from "@/components/rooms/room-items";
import { RoomReadingTable } from "@/components/rooms/room-reading-table";
import { queryKeys } from "@/client/query-client";
import type { RoomDetail } from "@/client/types";
import { LoadError } from "@/components/ui/load-state";

function Panel({ children }: { children: React.ReactNode }) {
  return (
    <Card className="min-w-0 py-4 sm:py-6">
      <CardContent className="px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}

/**
 * /rooms/{id} below the header: the room's name and note, its documents (order, folder, pin, download), its links
 * (the share screen's own list and form, for the room), the reading table, the activity of its links (the share
 * screen's timeline and CSV), the room's evidence pack, and Delete.
 */
export function RoomScreen({ roomId }: { roomId: string }) {
  const room = useQuery<RoomDetail>({ queryKey: queryKeys.room(roomId) });
  if (room.isPending) return <Spinner label="Loading the room..." className="w-full py-16" />;
  if (room.isError) {
    return (
      <LoadError onRetry={() => void room.refetch()}>Could not load the room. Please try again.</LoadError>
    );
  }
  const data = room.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <FolderOpen aria-hidden="true" className="text-brand size-5 shrink-0" />
        <h2 className="min-w-0 flex-1 text-xl font-semibold break-words sm:text-2xl">{data.name}</h2>
        <EvidencePackButton target={{ roomId: data.id }} className="flex-row-reverse" />
        <DeleteRoomDialog roomId={data.id} name={data.name} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Panel>
          <RoomDetailsForm room={data} />
        </Panel>
        <Panel>
          <RoomItems room={data} />
        </Panel>
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Panel>
          <ShareLinks target={{ roomId: data.id }} />
        </Panel>
        <Panel>
          <CreateShareForm target={{ roomId: data.id }} />
        </Panel>
      </div>
      <Panel>
        <RoomReadingTable roomId={data.id} items={data.items} />
      </Panel>
      <Panel>
        <ActivityTimeline
          queryKey={queryKeys.roomActivity(data.id)}
          csvUrl={`/api/rooms/${encodeURIComponent(data.id)}/activity.csv`}
          sharesKey={queryKeys.room(data.id)}
        />
      </Panel>
    </div>
  );
}
