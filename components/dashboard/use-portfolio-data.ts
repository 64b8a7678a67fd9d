"use client";

import { useCallback } from "react";
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/client/query-client";
import type { Asset, IdeaListItem } from "@/lib/client/types";

const NO_IDEAS: IdeaListItem[] = [];
const NO_ASSETS: Asset[] = [];

/**
 * The signed-in user's ideas and assets (GET /api/ideas, GET /api/assets). `refresh` reloads both without
 * showing the loading state again; a failed refresh keeps the lists already shown.
 */
export function usePortfolioData() {
  const ideas = useQuery<IdeaListItem[]>({ queryKey: queryKeys.ideas });
  const assets = useQuery<Asset[]>({ queryKey: queryKeys.assets });
  const { refetch: refetchIdeas } = ideas;
  const { refetch: refetchAssets } = assets;

  const refresh = useCallback(async () => {
    await Promise.all([refetchIdeas(), refetchAssets()]);
  }, [refetchIdeas, refetchAssets]);

  const error = ideas.isError || assets.isError;
  return {
    ideas: ideas.data ?? NO_IDEAS,
    assets: assets.data ?? NO_ASSETS,
    loading: (ideas.isPending || assets.isPending) && !error,
    error,
    refresh,
  };
}
