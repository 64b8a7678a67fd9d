"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true afterwards (and on client-side
 * navigations). Text that depends on the browser (its time zone and locale) renders neutrally until then, so the
 * server's HTML and the first client render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
