import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/client/query-client";
import type { OwnerShare, RoomDetail, Share } from "@/client/types";
import type { ShareTarget } from "@/components/share/share-form-values";

/**
 * Where the owner's screens keep a link: an idea's links are their own list (GET /api/ideas/{id}/shares), a room's
 * come with the room (GET /api/rooms/{id}). One place decides, so a write updates the list the screen shows.
 */
export function shareListKey(target: ShareTarget) {
  return "roomId" in target ? queryKeys.room(target.roomId) : queryKeys.shares(target.ideaId);
}

/** The room or the idea a link opens. */
export function shareTargetOf(share: OwnerShare): ShareTarget {
  return share.roomId !== null ? { roomId: share.roomId } : { ideaId: share.ideaId };
}

/** What a write changes of a link (never what it opens). */
type ShareChanges = Partial<Omit<OwnerShare, "ideaId" | "roomId">>;

/** Updates one link in whichever list holds it (the room's or the idea's), as the server answered. */
export function updateCachedShare(queryClient: QueryClient, share: OwnerShare, changes: ShareChanges) {
  const replace = <S extends OwnerShare>(list: S[]): S[] => list.map((s) => (s.id === share.id ? { ...s, ...changes } : s));
  if (share.roomId !== null) {
    queryClient.setQueryData<RoomDetail>(queryKeys.room(share.roomId), (room) => (room ? { ...room, shares: replace(room.shares) } : room));
  } else {
    queryClient.setQueryData<Share[]>(queryKeys.shares(share.ideaId), (list) => (list ? replace(list) : list));
    void queryClient.invalidateQueries({ queryKey: queryKeys.activity(share.ideaId) });
  }
}
