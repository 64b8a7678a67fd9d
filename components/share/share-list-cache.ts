import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/client/query-client";
import type { RoomDetail, Share } from "@/client/types";
import type { ShareTarget } from "@/components/share/share-form-values";

/**
 * Where the owner's screens keep a link: an idea's links are their own list (GET /api/ideas/{id}/shares), a room's
 * come with the room (GET /api/rooms/{id}). One place decides, so a write updates the list the screen shows.
 */
export function shareListKey(target: ShareTarget) {
  return "roomId" in target ? queryKeys.room(target.roomId) : queryKeys.shares(target.ideaId);
}

/** The room or the idea a link opens. */
export function shareTargetOf(share: Share): ShareTarget {
  const roomId = (share as Share & { roomId?: string | null }).roomId;
  return roomId ? { roomId } : { ideaId: share.ideaId as number };
}

/** Replaces one link in whichever list holds it (the room's or the idea's), as the server answered it. */
export function updateCachedShare(queryClient: QueryClient, share: Share, update: (current: Share) => Share) {
  const target = shareTargetOf(share);
  const replace = (list: Share[]) => list.map((s) => (s.id === share.id ? update(s) : s));
  if ("roomId" in target) {
    queryClient.setQueryData<RoomDetail>(queryKeys.room(target.roomId), (room) => (room ? { ...room, shares: replace(room.shares) } : room));
  } else {
    queryClient.setQueryData<Share[]>(queryKeys.shares(target.ideaId), (list) => (list ? replace(list) : list));
    void queryClient.invalidateQueries({ queryKey: queryKeys.activity(target.ideaId) });
  }
}
