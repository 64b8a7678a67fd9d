"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";

/** Where the user was going: a link's in-app URL, or back in the browser's history. */
type Destination = { kind: "link"; href: string } | { kind: "back" };

/** An in-app link the browser would follow in this tab (not a new tab, a download or another site). */
function guardedHref(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute("download")) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const here = window.location;
  if (url.pathname === here.pathname && url.search === here.search) return null; // an in-page anchor
  return url.pathname + url.search + url.hash;
}

/**
 * While `dirty`, every way out of the editor asks first: in-app links (Back to Dashboard, the logo, any other
 * link), the browser's Back button, and a reload or a closing tab (the browser's own prompt). Links are caught
 * in the capture phase, before next/link starts its navigation. For Back, one extra history entry for this
 * same page is pushed while there are edits: Back lands on it, and the dialog decides whether to go on.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const router = useRouter();
  const [destination, setDestination] = React.useState<Destination | null>(null);
  const dirtyRef = React.useRef(dirty);
  const leaving = React.useRef(false);
  const guardEntry = React.useRef(false);
  const returnFocus = React.useRef<HTMLElement | null>(null);

  React.useEffect(() => {
    dirtyRef.current = dirty;
    if (!dirty) return;

    const ask = (next: Destination) => {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setDestination(next);
    };
    const onClick = (event: MouseEvent) => {
      const href = leaving.current ? null : guardedHref(event);
      if (href === null) return;
      event.preventDefault();
      event.stopPropagation();
      ask({ kind: "link", href });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      event.returnValue = ""; // older browsers need it to show the prompt
    };

    if (!guardEntry.current) {
      // Next.js keeps its own router state in the copy (it patches pushState for this).
      window.history.pushState(window.history.state, "", window.location.href);
      guardEntry.current = true;
    }
    document.addEventListener("click", onClick, true);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [dirty]);

  // Back from the extra entry: ask while there are edits; once saved, simply go on back past the duplicate.
  React.useEffect(() => {
    const onPopState = () => {
      if (!guardEntry.current || leaving.current) return;
      guardEntry.current = false;
      if (!dirtyRef.current) {
        window.history.back();
        return;
      }
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setDestination({ kind: "back" });
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  const stay = () => {
    if (leaving.current) return; // the dialog closing after Leave
    if (destination?.kind === "back" && dirtyRef.current && !guardEntry.current) {
      window.history.pushState(window.history.state, "", window.location.href);
      guardEntry.current = true;
    }
    setDestination(null);
  };

  const leave = () => {
    if (!destination) return;
    leaving.current = true;
    setDestination(null);
    if (destination.kind === "back") window.history.back();
    else router.push(destination.href);
  };

  return (
    <AlertDialog open={destination !== null} onOpenChange={(open) => (open ? undefined : stay())}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          // Opened by a link or the Back button, not by a trigger: give focus back to what had it.
          if (leaving.current) return;
          event.preventDefault();
          returnFocus.current?.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
          <AlertDialogDescription>
            Your changes to this idea have not been saved. If you leave now, they will be lost.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Stay</AlertDialogCancel>
          <AlertDialogAction onClick={leave}>Leave</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
