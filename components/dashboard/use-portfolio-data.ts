"use client";

import { useCallback } from "react";
import { useQuery } from "@tanstack/react-query";
import { liveQuery, queryKeys } from "@/client/query-client";
import type { Asset, IdeaListItem, SharedWithMeItem } from "@/client/types";

const NO_IDEAS: IdeaListItem[] = [];
const NO_ASSETS: Asset[] = [];
const NO_SHARED: SharedWithMeItem[] = [];

/**
 * The signed-in user's ideas, assets and the ideas shared with them (GET /api/ideas, GET /api/assets,
 * GET /api/shared-with-me; not asked for while the account's address is unverified). `refresh` reloads them without
 * showing the loading state again; a failed refresh keeps the lists already shown.
 */
export function usePortfolioData({ sharedWithMe }: { sharedWithMe: boolean }) {
  // Each card's view and recipient counts follow what recipients do while the dashboard is open.
  const ideas = useQuery<IdeaListItem[]>({ queryKey: queryKeys.ideas, ...liveQuery });
  const assets = useQuery<Asset[]>({ queryKey: queryKeys.assets });
  const shared = useQuery<SharedWithMeItem[]>({ queryKey: queryKeys.sharedWithMe, enabled: sharedWithMe });
  const { refetch: refetchIdeas } = ideas;
  const { refetch: refetchAssets } = assets;
  const { refetch: refetchShared } = shared;

  const refresh = useCallback(async () => {
    await Promise.all([refetchIdeas(), refetchAssets(), sharedWithMe ? refetchShared() : null]);
  }, [refetchIdeas, refetchAssets, refetchShared, sharedWithMe]);

  const error = ideas.isError || assets.isError || shared.isError;
  return {
    ideas: ideas.data ?? NO_IDEAS,
    assets: assets.data ?? NO_ASSETS,
    shared: shared.data ?? NO_SHARED,
    loading: (ideas.isPending || assets.isPending || (sharedWithMe && shared.isPending)) && !error,
    error,
    refresh,
  };
}
