"use client";

import * as React from "react";
import Link from "next/link";
import { XIcon } from "lucide-react";

import { Button } from "@/components/ui/button";

const COOKIE_CONSENT_KEY = "cookieConsent";
const CONSENT_EVENT = "ideavault:cookie-consent";

/** Sentinel for the server render and hydration: render nothing until the client has read storage. */
const NOT_READ = "__not-read__";

function readConsent(): string | null {
  try {
    return window.localStorage.getItem(COOKIE_CONSENT_KEY);
  } catch {
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === COOKIE_CONSENT_KEY) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CONSENT_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CONSENT_EVENT, onChange);
  };
}

function getServerSnapshot(): string {
  return NOT_READ;
}

/**
 * Cookie consent banner (spec: shown while localStorage `cookieConsent` holds no
 * choice; Accept stores "true", Decline or the close icon store "false").
 * Storage is read only on the client, so the server render is empty.
 */
function CookieBanner() {
  const stored = React.useSyncExternalStore(subscribe, readConsent, getServerSnapshot);
  // Hides the banner even if storage is unavailable (e.g. blocked by the browser).
  const [dismissed, setDismissed] = React.useState(false);

  const choose = React.useCallback((accepted: boolean) => {
    setDismissed(true);
    try {
      window.localStorage.setItem(COOKIE_CONSENT_KEY, accepted ? "true" : "false");
    } catch {
      // Storage unavailable: the banner is hidden for this page view only.
    }
    window.dispatchEvent(new Event(CONSENT_EVENT));
  }, []);

  const hasChoice = stored === "true" || stored === "false";
  if (stored === NOT_READ || hasChoice || dismissed) return null;

  return (
    <div
      role="region"
      aria-label="Cookie consent"
      data-slot="cookie-banner"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur supports-[backdrop-filter]:bg-background/90"
    >
      <div className="relative mx-auto flex w-full max-w-6xl flex-col gap-3 px-4 py-4 pr-12 sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:px-6 sm:pr-14">
        <p className="text-sm text-muted-foreground">
          We use essential cookies to keep you signed in and to make IdeaVault work. We do not use
          them for advertising. Read our{" "}
          <Link
            href="/privacy-policy"
            className="text-brand rounded-sm font-medium underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            Privacy Policy
          </Link>{" "}
          to learn more.
        </p>
        <div className="flex shrink-0 gap-2">
          <Button type="button" size="sm" className="h-11 px-4 sm:h-8" onClick={() => choose(true)}>
            Accept
          </Button>
          <Button type="button" size="sm" variant="outline" className="h-11 px-4 sm:h-8" onClick={() => choose(false)}>
            Decline
          </Button>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Close"
          className="absolute top-1 right-1 size-11 sm:top-1/2 sm:right-2 sm:size-8 sm:-translate-y-1/2"
          onClick={() => choose(false)}
        >
          <XIcon aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

export { CookieBanner, COOKIE_CONSENT_KEY };
