"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";

import { isToasterRequested, subscribeToasterRequest } from "@/lib/client/toast";

const Toaster = dynamic(() => import("@/components/ui/sonner").then((m) => m.Toaster), { ssr: false });

/** Screens that must stay light (issue 7 §4): they toast through lib/client/toast, which asks for the Toaster. */
const ON_DEMAND_PREFIXES = ["/collect", "/view", "/nda", "/document"];

function isOnDemand(pathname: string) {
  return ON_DEMAND_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * The app's Toaster, loaded as its own chunk instead of in the root layout. Everywhere it mounts right after
 * hydration (those screens import sonner themselves anyway); on the recipient screens only when the first toast
 * is requested, so sonner is not part of their first load.
 */
export function AppToaster() {
  const pathname = usePathname();
  const requested = React.useSyncExternalStore(subscribeToasterRequest, isToasterRequested, () => false);
  if (isOnDemand(pathname) && !requested) return null;
  return <Toaster />;
}
