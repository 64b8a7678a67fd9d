"use client";

import * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

import { cn } from "@/client/utils";

/**
 * App toaster (spec §9): one toast visible at a time, 5000 ms display duration,
 * F8 focuses the viewport, swipe right to dismiss, at most 420px wide on md+.
 * Sonner itself renders toasts full width below 600px.
 *
 * The toaster keeps above the cookie banner while it is shown (the banner publishes its height as
 * --cookie-banner-height), and the rich colours' texts are darkened to reach 4.5:1 on their tinted backgrounds.
 */
const ABOVE_BANNER = (gap: number) => `calc(${gap}px + var(--cookie-banner-height, 0px))`;
function Toaster({ className, style, toastOptions, ...props }: ToasterProps) {
  return (
    <Sonner
      theme="light"
      position="bottom-right"
      visibleToasts={1}
      duration={5000}
      hotkey={["F8"]}
      swipeDirections={["right"]}
      richColors
      closeButton
      offset={{ bottom: ABOVE_BANNER(24) }}
      mobileOffset={{ bottom: ABOVE_BANNER(16) }}
      className={cn("toaster group md:max-w-[420px]", className)}
      style={
        {
          "--width": "min(420px, calc(100vw - 2rem))",
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
          "--success-text": "hsl(140, 100%, 22%)",
          "--info-text": "hsl(210, 92%, 33%)",
          "--warning-text": "hsl(31, 92%, 26%)",
          "--error-text": "hsl(360, 100%, 36%)",
          ...style,
        } as React.CSSProperties
      }
      toastOptions={toastOptions}
      {...props}
    />
  );
}

export { Toaster };
