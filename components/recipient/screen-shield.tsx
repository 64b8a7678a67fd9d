"use client";

import * as React from "react";
import { EyeOff } from "lucide-react";

/** Whether the window has lost focus or the tab is hidden (starts shown: the reader opens in front). */
function useAway(enabled: boolean) {
  const [away, setAway] = React.useState(false);
  React.useEffect(() => {
    if (!enabled) return;
    const hide = () => setAway(true);
    const show = () => setAway(document.visibilityState === "hidden");
    const onVisibility = () => setAway(document.visibilityState === "hidden" || !document.hasFocus());
    window.addEventListener("blur", hide);
    window.addEventListener("focus", show);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("blur", hide);
      window.removeEventListener("focus", show);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [enabled]);
  return enabled && away;
}

/**
 * The link's screen shield: the content blurs while the window is unfocused or hidden (a screen
 * recorder or a window switcher sees nothing legible) and printing yields a notice instead of it. Deterrence, not
 * protection: the burned-in identity is what makes a capture traceable.
 */
export function ScreenShield({ enabled, children }: { enabled: boolean; children: React.ReactNode }) {
  const away = useAway(enabled);
  if (!enabled) return <>{children}</>;
  return (
    <div data-slot="screen-shield" data-shielded={away ? "true" : "false"} className="relative">
      <div className="transition-[filter] duration-150 print:hidden" style={away ? { filter: "blur(24px)" } : undefined} aria-hidden={away || undefined}>
        {children}
      </div>
      {away ? (
        <p role="status" className="absolute inset-x-4 top-8 flex items-center justify-center gap-2 rounded-md bg-background/90 p-3 text-center text-sm font-medium shadow print:hidden">
          <EyeOff aria-hidden="true" className="size-4" />
          Hidden while this window is in the background.
        </p>
      ) : null}
      <p className="hidden rounded-md border p-4 text-center print:block">This document cannot be printed.</p>
    </div>
  );
}

/** Props for an image the shield guards: no dragging it out, no long-press menu, no context menu "Save image". */
export function guardedImageProps(shield: boolean): Pick<React.ImgHTMLAttributes<HTMLImageElement>, "draggable" | "onContextMenu" | "style"> {
  return shield
    ? { draggable: false, onContextMenu: (e) => e.preventDefault(), style: { WebkitTouchCallout: "none", userSelect: "none", WebkitUserSelect: "none" } }
    : { draggable: false };
}
