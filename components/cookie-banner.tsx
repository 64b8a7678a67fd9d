"use client";

import * as React from "react";
import { flushSync } from "react-dom";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { XIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { COOKIE_CONSENT_KEY } from "@/components/cookie-consent-early";
import { useHydrated } from "@/client/hydrated";

const CONSENT_EVENT = "ideavault:cookie-consent";

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

/**
 * The server render (and hydration) shows the banner: it is painted with the page, and a stored choice hides it
 * before that paint (components/cookie-consent-early.ts) until the client has read storage and unmounts it.
 */
function getServerSnapshot(): string | null {
  return null;
}

const HEIGHT_VAR = "--cookie-banner-height";

const PRIVACY_LINK_CLASS =
  "text-brand rounded-sm font-medium underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";

/**
 * The recipient's screens (app/(recipient)) set strictly necessary cookies only (the link's passcode and recipient
 * cookies), which need no consent: no banner there, so nothing covers the agreement's or the reader's buttons.
 */
const RECIPIENT_SCREEN = /^\/(?:collect|view|nda|document)(?:\/|$)/;

/**
 * The banner is the body's last element in the flow, stuck to the bottom of the viewport (sticky, not fixed): the page
 * has room for it from the first paint, so the last link of a page can still be scrolled into view on a phone and
 * nothing moves when the client hydrates (a padding set from JavaScript shifted centred pages such as /login).
 * Its height is still published as a CSS variable on <html> while it is shown, for the toaster alone: toasts sit
 * above the banner instead of over its buttons (components/ui/sonner.tsx).
 */
function usePublishedHeight(ref: React.RefObject<HTMLElement | null>, shown: boolean) {
  React.useLayoutEffect(() => {
    const el = ref.current;
    if (!shown || !el) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(HEIGHT_VAR, `${Math.ceil(el.getBoundingClientRect().height)}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEIGHT_VAR);
    };
  }, [ref, shown]);
}

/** The element that had focus before focus moved into the banner, so a choice can give it back. */
function useFocusBeforeBanner(ref: React.RefObject<HTMLElement | null>, shown: boolean) {
  const previous = React.useRef<HTMLElement | null>(null);
  React.useEffect(() => {
    if (!shown) return;
    const remember = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && !ref.current?.contains(target)) previous.current = target;
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, [ref, shown]);
  return previous;
}

/** Focus goes back where it was before the banner took it, else to the page's main content. */
function restoreFocus(previous: HTMLElement | null) {
  if (previous?.isConnected && previous !== document.body) {
    previous.focus({ preventScroll: true });
    return;
  }
  const main = document.querySelector<HTMLElement>("main");
  if (!main) return;
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus({ preventScroll: true });
}

/**
 * Cookie consent banner (spec: shown while localStorage `cookieConsent` holds no
 * choice; Accept stores "true", Decline or the close icon store "false").
 * Storage is read only on the client: the server renders the banner, with its buttons disabled until hydration
 * (a click before it would do nothing).
 */
function CookieBanner() {
  const stored = React.useSyncExternalStore(subscribe, readConsent, getServerSnapshot);
  // Hides the banner even if storage is unavailable (e.g. blocked by the browser).
  const [dismissed, setDismissed] = React.useState(false);
  const ref = React.useRef<HTMLDivElement>(null);
  const recipientScreen = RECIPIENT_SCREEN.test(usePathname() ?? "");

  const hasChoice = stored === "true" || stored === "false";
  const shown = !(hasChoice || dismissed || recipientScreen);
  const hydrated = useHydrated();
  usePublishedHeight(ref, shown);
  const previousFocus = useFocusBeforeBanner(ref, shown);

  const choose = React.useCallback(
    (accepted: boolean) => {
      const hadFocus = ref.current?.contains(document.activeElement) ?? false;
      flushSync(() => setDismissed(true));
      try {
        window.localStorage.setItem(COOKIE_CONSENT_KEY, accepted ? "true" : "false");
      } catch {
        // Storage unavailable: the banner is hidden for this page view only.
      }
      window.dispatchEvent(new Event(CONSENT_EVENT));
      if (hadFocus) restoreFocus(previousFocus.current);
    },
    [previousFocus],
  );

  if (!shown) return null;

  return (
    <div
      ref={ref}
      role="region"
      aria-label="Cookie consent"
      data-slot="cookie-banner"
      className="sticky bottom-0 z-40 border-t bg-background shadow-[0_-4px_12px_rgba(0,0,0,0.08)]"
    >
      <div className="relative mx-auto flex w-full max-w-6xl flex-col gap-3 px-4 py-4 pr-12 sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:px-6 sm:pr-14">
        <p className="text-sm text-muted-foreground">
          We use essential cookies to keep you signed in and to make IdeaVault work. We do not use
          them for advertising. Read our{" "}
          <Link href="/privacy-policy" prefetch={false} className={PRIVACY_LINK_CLASS}>
            Privacy Policy
          </Link>{" "}
          to learn more.
        </p>
        <div className="flex shrink-0 gap-2">
          <Button type="button" size="sm" className="h-11 px-4 disabled:opacity-100 sm:h-8" disabled={!hydrated} onClick={() => choose(true)}>
            Accept
          </Button>
          <Button type="button" size="sm" variant="outline" className="h-11 px-4 disabled:opacity-100 sm:h-8" disabled={!hydrated} onClick={() => choose(false)}>
            Decline
          </Button>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Close"
          className="absolute top-1 right-1 size-11 disabled:opacity-100 sm:top-1/2 sm:right-2 sm:size-8 sm:-translate-y-1/2"
          disabled={!hydrated}
          onClick={() => choose(false)}
        >
          <XIcon aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

export { CookieBanner, COOKIE_CONSENT_KEY };
