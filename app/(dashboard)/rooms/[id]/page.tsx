import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { HydrationBoundary } from "@tanstack/react-query";
import { SharePageFrame } from "@/components/share/share-page-frame";
import { RoomScreen } from "@/components/rooms/room-screen";
import { requirePageUser } from "@/lib/domain/auth/session";
import { roomForOwner } from "@/lib/domain/rooms";
import { NotFoundError } from "@/lib/platform/http/errors";
import { queryKeys } from "@/client/query-client";
import { loadedQueries } from "@/client/query-state";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Room" };

/** /rooms/{id}: the owner's room, checked on the server (another owner's or an unknown id is the 404 page). */
export default async function RoomPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  const room = await roomForOwner(user.id, id).catch((err: unknown) => {
    if (err instanceof NotFoundError) return null;
    throw err;
  });
  if (!room) notFound();
  // The room (with its links) comes with the page: the same answer as its GET, not a second round trip.
  const loaded = loadedQueries([[queryKeys.room(room.id), room]]);

  return (
    <SharePageFrame title="Room">
      <HydrationBoundary state={loaded}>
        <RoomScreen roomId={room.id} />
      </HydrationBoundary>
    </SharePageFrame>
  );
}
