"use client";

import { useEffect, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { ArrowRight } from "lucide-react";

import { Button } from "@/components/ui/button";
import { WAITLIST_HASH } from "./waitlist-link";
import { PrivateLoginButton } from "./sign-up-actions";
import type { LandingView as View } from "./landing-dialog";

const loadDialog = () => import("./landing-dialog");
/**
 * The dialog (the waitlist form and its validation) is not part of the landing page's first load:
 * it is fetched when a button is pointed at or focused, and shown once it has arrived.
 */
const LandingDialog = dynamic(() => loadDialog().then((m) => m.LandingDialog), { ssr: false });
const prefetchDialog = () => {
  loadDialog().catch(() => undefined);
};

/** Hero calls to action plus the shared invite-only / waitlist dialog. */
export function LandingActions() {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>("invite");
  const [joined, setJoined] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  // The dialog has no DialogTrigger (two buttons open it): focus goes back to the button that opened it.
  const opener = useRef<HTMLElement | null>(null);

  const openDialog = (next: View) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setView(next);
    setJoined(false);
    setEverOpened(true);
    setOpen(true);
  };

  // WAITLIST_HREF (the register page's 'Join our waitlist') opens the form. The hash is only known in the browser:
  // checked once mounted and whenever it changes.
  useEffect(() => {
    const openFromHash = () => {
      if (window.location.hash === WAITLIST_HASH) openDialog("waitlist");
    };
    openFromHash();
    window.addEventListener("hashchange", openFromHash);
    return () => window.removeEventListener("hashchange", openFromHash);
  }, []);

  // Closing the dialog resets the success view and gives focus back to the button that opened it. The reset runs
  // once the exit animation has finished (onCloseAutoFocus) so the form doesn't flash back while fading out;
  // openDialog() resets it as well.
  const resetAfterClose = (event: Event) => {
    event.preventDefault();
    // A reload after closing should not open the form again.
    if (window.location.hash === WAITLIST_HASH) history.replaceState(null, "", window.location.pathname + window.location.search);
    opener.current?.focus();
    setJoined(false);
    setView("invite");
  };

  return (
    <>
      <div className="flex w-full flex-col items-stretch gap-3 sm:w-auto sm:flex-row sm:items-center">
        <Button type="button" size="lg" onClick={() => openDialog("invite")} onPointerEnter={prefetchDialog} onFocus={prefetchDialog}>
          File an Idea
          <ArrowRight aria-hidden="true" />
        </Button>
        <PrivateLoginButton />
      </div>
      <p className="text-sm text-muted-foreground">
        Not invited yet?{" "}
        <button
          type="button"
          onClick={() => openDialog("waitlist")}
          onPointerEnter={prefetchDialog}
          onFocus={prefetchDialog}
          className="rounded-sm font-medium text-brand underline underline-offset-4 hover:no-underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          Join our waitlist
        </button>
      </p>

      {everOpened ? (
        <LandingDialog
          open={open}
          onOpenChange={setOpen}
          onCloseAutoFocus={resetAfterClose}
          view={view}
          onJoinWaitlist={() => setView("waitlist")}
          joined={joined}
          onJoined={() => setJoined(true)}
        />
      ) : null}
    </>
  );
}
