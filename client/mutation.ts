"use client";

import { useMutation, useQueryClient, type QueryKey, type UseMutationResult } from "@tanstack/react-query";

type ApiMutationOptions<TVars, TData> = {
  /** The queries the write changes: marked stale (and the shown ones refetched) once it succeeded. */
  invalidates?: readonly QueryKey[] | ((data: TData, vars: TVars) => readonly QueryKey[]);
  onSuccess?: (data: TData, vars: TVars) => void | Promise<void>;
  /** Where the refusal is shown (beside its field, in a toast); the mutation's `error` also holds it. */
  onError?: (err: unknown, vars: TVars) => void;
};

/**
 * The one way the creator's screens write (TanStack Query's useMutation over `apiRequest`): `isPending` drives the
 * button's spinner, and what the write changed is invalidated in one place instead of by hand after each call.
 * The public and recipient pages do not mount the query client (their first load stays light) and call
 * `apiRequest` directly.
 *
 * A write is sent at once, online or not (`networkMode: "always"`): offline it fails like any network error and the
 * screen says so, instead of TanStack's default of holding it, unsaid, until the browser is back online.
 */
export function useApiMutation<TVars = void, TData = unknown>(
  mutationFn: (vars: TVars) => Promise<TData>,
  { invalidates, onSuccess, onError }: ApiMutationOptions<TVars, TData> = {},
): UseMutationResult<TData, unknown, TVars> {
  const queryClient = useQueryClient();
  return useMutation<TData, unknown, TVars>({
    mutationFn,
    networkMode: "always",
    onSuccess: async (data, vars) => {
      const keys = typeof invalidates === "function" ? invalidates(data, vars) : (invalidates ?? []);
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      await onSuccess?.(data, vars);
    },
    onError: (err, vars) => onError?.(err, vars),
  });
}
