"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";

import { isToasterRequested, subscribeToasterRequest } from "@/lib/client/toast";

const Toaster = dynamic(() => import("@/components/ui/sonner").then((m) => m.Toaster), { ssr: false });

/**
 * Screens that must stay light (issue 7 §4, issue 19 §1): the recipient screens and the public pages. They toast
 * through lib/client/toast, which asks for the Toaster.
 */
const ON_DEMAND_PREFIXES = ["/collect", "/view", "/nda", "/document", "/login", "/register", "/forgot-password", "/reset-password", "/verify-email"];
const ON_DEMAND_PAGES = new Set(["/", "/about", "/contact", "/privacy", "/privacy-policy", "/terms", "/verify"]);

function isOnDemand(pathname: string) {
  return ON_DEMAND_PAGES.has(pathname) || ON_DEMAND_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
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
