"use client";

import * as React from "react";

/** Where the reader is: page n of a PDF idea, or section n of an HTML one (count: how many there are). */
export type ReaderPosition = { unit: "page" | "section"; n: number; count: number };

type PositionStore = { get: () => ReaderPosition | null; set: (p: ReaderPosition) => void; subscribe: (fn: () => void) => () => void };

const PositionContext = React.createContext<PositionStore | null>(null);

/**
 * Shares the reader's page or section with the comments beside it, so a comment is anchored where it was written.
 * A small store rather than state: a page turn must not re-render the document view around the reader.
 */
export function ReaderPositionProvider({ children }: { children: React.ReactNode }) {
  const [store] = React.useState<PositionStore>(() => {
    let current: ReaderPosition | null = null;
    const listeners = new Set<() => void>();
    return {
      get: () => current,
      set: (p) => {
        if (current && current.unit === p.unit && current.n === p.n && current.count === p.count) return;
        current = p;
        listeners.forEach((fn) => fn());
      },
      subscribe: (fn) => {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
    };
  });
  return <PositionContext.Provider value={store}>{children}</PositionContext.Provider>;
}

/** Called by the page and section readers on every turn; outside a provider (the owner's preview) it does nothing. */
export function useReportReaderPosition(unit: ReaderPosition["unit"], n: number, count: number) {
  const store = React.useContext(PositionContext);
  React.useEffect(() => {
    store?.set({ unit, n, count });
  }, [store, unit, n, count]);
}

/** The reader's current position (null before the reader has shown anything, or outside a provider). */
export function useReaderPosition(): ReaderPosition | null {
  const store = React.useContext(PositionContext);
  return React.useSyncExternalStore(
    store?.subscribe ?? noSubscribe,
    () => store?.get() ?? null,
    () => null,
  );
}

const noSubscribe = () => () => {};
