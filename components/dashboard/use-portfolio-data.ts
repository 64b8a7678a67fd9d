"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { TimestampSummary } from "@/components/timestamps/timestamp-text";

export type IdeaStatus = "draft" | "published";

export type IdeaSummary = {
  id: number;
  title: string;
  status: IdeaStatus;
  kind?: "html" | "pdf" | "canvas" | "other";
  blockchainTimestamp: string | null;
  lastModified: string;
  /** The idea's timestamp proof, once published. */
  timestamp?: TimestampSummary | null;
};

export type AssetSummary = {
  id: number | string;
  fileName: string;
  filePath: string;
  createdAt: string;
  contentType?: string | null;
};

type PortfolioState = {
  ideas: IdeaSummary[];
  assets: AssetSummary[];
  loading: boolean;
  error: boolean;
};

async function getList<T>(url: string): Promise<T[]> {
  const res = await fetch(url, { credentials: "include", cache: "no-store" });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  const data: unknown = await res.json();
  if (!Array.isArray(data)) throw new Error(`Unexpected response from ${url}`);
  return data as T[];
}

/** Loads the signed-in user's ideas and assets; `refresh` reloads both without showing the loading state again. */
export function usePortfolioData() {
  const [state, setState] = useState<PortfolioState>({ ideas: [], assets: [], loading: true, error: false });
  const mounted = useRef(true);

  const refresh = useCallback(async () => {
    try {
      const [ideas, assets] = await Promise.all([
        getList<IdeaSummary>("/api/ideas"),
        getList<AssetSummary>("/api/assets"),
      ]);
      if (mounted.current) setState({ ideas, assets, loading: false, error: false });
    } catch {
      if (mounted.current) setState((prev) => ({ ...prev, loading: false, error: true }));
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    // State is set only after the fetch resolves, not synchronously in the effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void refresh();
    return () => {
      mounted.current = false;
    };
  }, [refresh]);

  return { ...state, refresh };
}
