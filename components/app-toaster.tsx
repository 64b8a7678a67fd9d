"use client";

import * as React from "react";
import dynamic from "next/dynamic";

import { isToasterRequested, subscribeToasterRequest } from "@/client/toast";

const Toaster = dynamic(() => import("@/components/ui/sonner").then((m) => m.Toaster), { ssr: false });

/**
 * The app's Toaster, loaded as its own chunk when the first toast is requested: every
 * screen toasts through client/toast, so sonner is part of no page's first load, the creator's screens included.
 * Once mounted it stays, across client-side navigations.
 */
export function AppToaster() {
  const requested = React.useSyncExternalStore(subscribeToasterRequest, isToasterRequested, () => false);
  return requested ? <Toaster /> : null;
}
