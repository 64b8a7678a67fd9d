import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { apiRequest } from "@/client/request";

/**
 * TanStack Query with the defaults of SPEC §7: data never goes stale, no refetch on window focus, no polling,
 * no retries for queries or mutations; the default query is a GET of the query key's first element.
 * Mounted by the (dashboard) layout only: the recipient pages do not pay for it.
 */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => {
  const [url] = queryKey;
  if (typeof url !== "string") throw new Error("The first element of a query key must be the URL to GET");
  return apiRequest("GET", url, undefined, { signal, cache: "no-store" });
};

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * refetchOnMount for lists others change (view counts, comments): a screen opened again reloads them, but not data
 * its page has just handed in (hydrated on the server moments ago).
 */
export function refetchUnlessFresh(query: { state: { dataUpdatedAt: number } }): boolean | "always" {
  return Date.now() - query.state.dataUpdatedAt > 5_000 ? "always" : false;
}

/**
 * What the owner watches while recipients read (the share screen's links and recipients, the activity overview, the
 * dashboard's counts): polled every LIVE_REFETCH_MS while the tab is visible (TanStack Query pauses an interval in a
 * hidden tab), so a new view shows within the 10 s budget without 'Refresh'. Each poll is one cheap GET.
 */
export const LIVE_REFETCH_MS = 5_000;
export const liveQuery = { refetchInterval: LIVE_REFETCH_MS, refetchIntervalInBackground: false } as const;

/** Events per page of a timeline (the share screen's first page comes with the page: app/(dashboard)/share/[id]). */
export const ACTIVITY_PAGE_SIZE = 50;

/** Query keys: the URL the default query GETs. Invalidate them after the writes that change them. */
export const queryKeys = {
  ideas: ["/api/ideas"],
  idea: (id: number) => [`/api/ideas/${id}`],
  assets: ["/api/assets"],
  me: ["/api/auth/me"],
  shares: (ideaId: number) => [`/api/ideas/${ideaId}/shares`],
  /** One link's recipients: a revoked link's (its list is final). */
  recipients: (shareId: string) => [`/api/shares/${encodeURIComponent(shareId)}/recipients`],
  /** The recipients of every live link of an idea, by link id: one query the share screen polls for all its links. */
  ideaRecipients: (ideaId: number) => [`/api/ideas/${ideaId}/recipients`],
  /** The same for a room's live links: the room's page polls it. */
  roomRecipients: (roomId: string) => [`/api/rooms/${encodeURIComponent(roomId)}/recipients`],
  comments: (ideaId: number) => [`/api/comments?ideaId=${ideaId}`],
  /** Paged (useInfiniteQuery with its own query function): the page's offset is added to this URL. */
  activity: (ideaId: number) => [`/api/ideas/${ideaId}/activity`],
  sharedWithMe: ["/api/shared-with-me"],
  /** The reading overview, narrowed to an idea and/or a link. */
  activityOverview: (filter: { ideaId?: string | null; shareId?: string | null }) => {
    const query = new URLSearchParams();
    if (filter.ideaId) query.set("ideaId", filter.ideaId);
    if (filter.shareId) query.set("shareId", filter.shareId);
    const search = query.toString();
    return [`/api/activity${search ? `?${search}` : ""}`];
  },
  /** Paged by cursor (useInfiniteQuery with its own query function): one reader's visits of an idea, on one link if given. */
  visits: (ideaId: number, filter: { email: string; shareId?: string | null }) => {
    const query = new URLSearchParams({ email: filter.email });
    if (filter.shareId) query.set("shareId", filter.shareId);
    return [`/api/ideas/${ideaId}/visits?${query.toString()}`];
  },
  notificationSettings: ["/api/profile/notifications"],
  webhooks: ["/api/webhooks"],
  agreements: ["/api/agreements"],
  rooms: ["/api/rooms"],
  /** The room with its items and its links (the room screen's link list reads them from here). */
  room: (roomId: string) => [`/api/rooms/${encodeURIComponent(roomId)}`],
  roomReading: (roomId: string) => [`/api/rooms/${encodeURIComponent(roomId)}/reading`],
  /** Paged, as `activity`: the timeline of the room's links. */
  roomActivity: (roomId: string) => [`/api/rooms/${encodeURIComponent(roomId)}/activity`],
} as const;
