"use client";

import * as React from "react";

function isEditable(target: EventTarget | null) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/**
 * Presentation mode for the page reader: the browser's full screen on `frame` where it has one, else (an iPhone's
 * Safari has none for elements) the frame pinned over the whole window. F toggles it, Esc leaves it (the browser's
 * own Esc in full screen), and the arrow keys keep turning pages. `allowNative` false keeps it in the page: the
 * browser's full screen lifts the frame out of its ancestors' styles, the screen shield's blur among them.
 */
export function usePresentation(frame: React.RefObject<HTMLElement | null>, allowNative = true) {
  const [presenting, setPresenting] = React.useState(false);
  const native = React.useRef(false);

  const enter = React.useCallback(() => {
    const el = frame.current;
    if (!el) return;
    if (allowNative && document.fullscreenEnabled && typeof el.requestFullscreen === "function") {
      native.current = true;
      el.requestFullscreen().catch(() => {
        // Refused (no user gesture, a policy): the in-page mode serves as well.
        native.current = false;
        setPresenting(true);
      });
      return;
    }
    native.current = false;
    setPresenting(true);
  }, [frame, allowNative]);

  const leave = React.useCallback(() => {
    if (native.current && document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else setPresenting(false);
  }, []);

  const latest = React.useRef({ presenting, enter, leave });
  React.useEffect(() => {
    latest.current = { presenting, enter, leave };
  });

  React.useEffect(() => {
    const onChange = () => {
      const on = document.fullscreenElement !== null && document.fullscreenElement === frame.current;
      if (native.current || on) setPresenting(on);
      if (!on) native.current = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isEditable(e.target)) return;
      if (e.target instanceof Element && e.target.closest('[role="dialog"],[role="alertdialog"]')) return;
      const { presenting: on, enter: start, leave: stop } = latest.current;
      if (e.key === "f" || e.key === "F") {
        e.preventDefault();
        if (on) stop();
        else start();
      } else if (e.key === "Escape" && on) {
        // The browser leaves its own full screen on Esc before a page sees the key; when the key does arrive, leave.
        e.preventDefault();
        stop();
      }
    };
    document.addEventListener("fullscreenchange", onChange);
    window.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("fullscreenchange", onChange);
      window.removeEventListener("keydown", onKey);
    };
  }, [frame]);

  return { presenting, toggle: () => (presenting ? leave() : enter()) };
}

/** What stays visible above a fitted page on a wide screen: the reader's bar and a little air. */
const WINDOW_MARGIN_PX = 96;

/**
 * The page's width when it is fitted to the space the reader has: the stage's width, and the window's height (less
 * the reader's bar), whichever binds. Null until measured (the image then fills the
 * column as before).
 */
export function useFittedWidth(stage: React.RefObject<HTMLElement | null>, page: { width: number; height: number }, presenting: boolean, enabled: boolean) {
  const [fitted, setFitted] = React.useState<number | null>(null);
  React.useLayoutEffect(() => {
    const el = stage.current;
    if (!el || !enabled) return;
    const measure = () => {
      const availableWidth = el.clientWidth - 2; // the stage's border
      // Presenting: everything below the reader's bar. Otherwise the window less a bar's worth, so the whole page
      // fits on screen once the reader has scrolled to it, whatever sits above it.
      const frameTop = el.closest("[data-slot=reader-frame]")?.getBoundingClientRect().top ?? 0;
      const above = presenting ? el.getBoundingClientRect().top - frameTop : WINDOW_MARGIN_PX;
      const availableHeight = Math.max(240, window.innerHeight - above - 4);
      setFitted(Math.max(120, Math.floor(Math.min(availableWidth, (availableHeight * page.width) / page.height))));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [stage, page.width, page.height, presenting, enabled]);
  // Off (a phone's column), the last measure no longer applies.
  return enabled ? fitted : null;
}
