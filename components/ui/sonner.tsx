"use client";

import * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

import { cn } from "@/lib/utils";

/**
 * App toaster (spec §9): one toast visible at a time, 5000 ms display duration,
 * F8 focuses the viewport, swipe right to dismiss, at most 420px wide on md+.
 * Sonner itself renders toasts full width below 600px.
 */
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
      className={cn("toaster group md:max-w-[420px]", className)}
      style={
        {
          "--width": "min(420px, calc(100vw - 2rem))",
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
          ...style,
        } as React.CSSProperties
      }
      toastOptions={toastOptions}
      {...props}
    />
  );
}

export { Toaster };
