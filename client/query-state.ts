import "server-only";
import { dehydrate, QueryClient, type DehydratedState, type QueryKey } from "@tanstack/react-query";
import type { Json } from "@/client/types";

/** What the API would have answered: the same value through JSON (dates become ISO strings). */
export function asWire<T>(value: T): Json<T> {
  return JSON.parse(JSON.stringify(value)) as Json<T>;
}

/**
 * The queries a page already loaded on the server, for <HydrationBoundary>: the client's useQuery of the same key
 * starts from them instead of fetching again, and a cache entry newer than them (a write made meanwhile) wins.
 * Values go through `asWire`, so the client sees exactly the API's shape.
 */
export function loadedQueries(entries: readonly (readonly [QueryKey, unknown])[]): DehydratedState {
  const client = new QueryClient();
  for (const [queryKey, data] of entries) client.setQueryData(queryKey, asWire(data));
  return dehydrate(client);
}
