"use client";

import * as React from "react";
import { createPortal } from "react-dom";

import { TOOLTIP_DELAY_DURATION, TOOLTIP_SKIP_DELAY_DURATION } from "@/components/ui/tooltip-delays";
import {
  contains,
  graceArea,
  placeTooltip,
  type Box,
  type TooltipPlacement,
} from "@/components/editor/toolbar-tooltip-placement";
import { cn } from "@/client/utils";
import type { TooltipController } from "@/components/editor/toolbar-tooltip";

/*
 * The tooltip layer of the editor's toolbar: its timers, its placement and the tooltip itself, loaded on the first
 * pointer or keyboard intent by toolbar-tooltip.tsx, which describes the behaviour (that of the Radix tooltips it
 * replaced). One layer for the whole toolbar; it reports its controller and the label it shows to the provider.
 */

type TooltipState = "delayed-open" | "instant-open" | "closed";
type Shown = { label: string; trigger: HTMLElement; state: TooltipState; key: number };

const TOOLTIP_LOOK =
  "bg-primary text-primary-foreground z-50 w-fit origin-(--radix-tooltip-content-transform-origin) rounded-md px-3 py-1.5 text-xs text-balance";
const TOOLTIP_MOTION =
  "animate-in fade-in-0 zoom-in-95 data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95 data-[side=bottom]:slide-in-from-top-2 data-[side=left]:slide-in-from-right-2 data-[side=right]:slide-in-from-left-2 data-[side=top]:slide-in-from-bottom-2";
const ARROW_CLASS = "bg-primary fill-primary z-50 size-2.5 translate-y-[calc(-50%_-_2px)] rotate-45 rounded-[2px]";

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function boxOf(element: Element): Box {
  const { left, top, width, height } = element.getBoundingClientRect();
  return { left, top, width, height };
}

/** Wraps the toolbar: gives its buttons their tooltips and renders the one tooltip element. */
type LayerProps = {
  tooltipId: string;
  /** The layer's controller, once it is there (null when it goes). */
  onController: (controller: TooltipController | null) => void;
  /** The label shown (the button it describes), or null. */
  onDescribedLabel: (label: string | null) => void;
};

export function ToolbarTooltipLayer({ tooltipId, onController, onDescribedLabel }: LayerProps) {
  const [shown, setShownState] = React.useState<Shown | null>(null);
  const [placement, setPlacement] = React.useState<(TooltipPlacement & { key: number }) | null>(null);
  const [reposition, setReposition] = React.useState(0);
  const content = React.useRef<HTMLDivElement>(null);
  const wrapper = React.useRef<HTMLDivElement>(null);

  // Event handlers read and change these synchronously (several events of one gesture arrive before a render).
  const current = React.useRef<Shown | null>(null);
  const timers = React.useRef({ open: 0, skip: 0, pendingFor: null as HTMLElement | null });
  const flags = React.useRef({ openDelayed: true, inTransit: false, pointerOpenedFor: null as HTMLElement | null });
  const graceCleanup = React.useRef<(() => void) | null>(null);
  const counter = React.useRef(0);

  const controller = React.useMemo<TooltipController>(() => {
    const setShown = (next: Shown | null) => {
      current.current = next;
      setShownState(next);
    };
    const clearOpenTimer = () => {
      window.clearTimeout(timers.current.open);
      timers.current.open = 0;
      timers.current.pendingFor = null;
    };
    const endGrace = () => {
      graceCleanup.current?.();
      graceCleanup.current = null;
      flags.current.inTransit = false;
    };
    const isOpenFor = (trigger: HTMLElement) =>
      current.current !== null && current.current.trigger === trigger && current.current.state !== "closed";

    const show = (trigger: HTMLElement, label: string, delayed: boolean) => {
      clearOpenTimer();
      if (isOpenFor(trigger)) return;
      endGrace();
      counter.current += 1;
      setShown({ label, trigger, state: delayed ? "delayed-open" : "instant-open", key: counter.current });
      // Another tooltip opening within the skip delay opens at once.
      window.clearTimeout(timers.current.skip);
      flags.current.openDelayed = false;
    };

    const close = () => {
      clearOpenTimer();
      endGrace();
      const shownNow = current.current;
      if (!shownNow || shownNow.state === "closed") return;
      setShown({ ...shownNow, state: "closed" });
      window.clearTimeout(timers.current.skip);
      timers.current.skip = window.setTimeout(() => {
        flags.current.openDelayed = true;
      }, TOOLTIP_SKIP_DELAY_DURATION);
    };

    /** Leaving the button (or the tooltip) towards the other keeps it open while the pointer crosses the gap. */
    const startGrace = () => {
      const shownNow = current.current;
      const tip = content.current;
      if (!shownNow || shownNow.state === "closed" || !tip) return;
      endGrace();
      const tipBox = boxOf(tip);
      const triggerBox = boxOf(shownNow.trigger);
      const side = tipBox.top < triggerBox.top ? "top" : "bottom";
      const area = graceArea(triggerBox, tipBox, side);
      const onMove = (event: globalThis.PointerEvent) => {
        const target = event.target instanceof Node ? event.target : null;
        if (target && (shownNow.trigger.contains(target) || tip.contains(target))) endGrace();
        else if (!contains(area, event.clientX, event.clientY)) close();
      };
      document.addEventListener("pointermove", onMove);
      graceCleanup.current = () => document.removeEventListener("pointermove", onMove);
      flags.current.inTransit = true;
    };

    return {
      enter: (trigger, label) => {
        if (!flags.current.openDelayed) {
          show(trigger, label, false);
          return;
        }
        clearOpenTimer();
        timers.current.pendingFor = trigger;
        timers.current.open = window.setTimeout(() => show(trigger, label, true), TOOLTIP_DELAY_DURATION);
      },
      leave: (trigger) => {
        if (timers.current.pendingFor === trigger) clearOpenTimer();
        flags.current.pointerOpenedFor = null;
        if (isOpenFor(trigger)) startGrace();
      },
      open: (trigger, label) => show(trigger, label, false),
      closeFor: (trigger) => {
        if (timers.current.pendingFor === trigger) clearOpenTimer();
        if (isOpenFor(trigger)) close();
      },
      // A press hides a shown tooltip but, as with Radix, leaves a pending one alone (the click that follows cancels it).
      closeIfOpenFor: (trigger) => {
        if (isOpenFor(trigger)) close();
      },
      pointerMovedOnto: (trigger) => {
        if (flags.current.pointerOpenedFor === trigger || flags.current.inTransit) return false;
        flags.current.pointerOpenedFor = trigger;
        return true;
      },
      close,
      startGrace,
      remove: () => setShown(null),
    };
  }, []);

  const isOpen = shown !== null && shown.state !== "closed";

  // While shown: Escape, a press elsewhere and scrolling the toolbar (or the page) hide it; a resize moves it.
  React.useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // First, and marked as handled: an open link or colour popover below stays open (as with Radix's layers).
      event.preventDefault();
      controller.close();
    };
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!(event.target instanceof Node && content.current?.contains(event.target))) controller.close();
    };
    const onScroll = (event: Event) => {
      const trigger = current.current?.trigger;
      if (trigger && event.target instanceof Node && event.target.contains(trigger)) controller.close();
    };
    const onResize = () => setReposition((n) => n + 1);
    window.addEventListener("keydown", onKeyDown, { capture: true });
    document.addEventListener("pointerdown", onPointerDown, { capture: true });
    window.addEventListener("scroll", onScroll, { capture: true });
    window.addEventListener("resize", onResize);
    return () => {
      window.removeEventListener("keydown", onKeyDown, { capture: true });
      document.removeEventListener("pointerdown", onPointerDown, { capture: true });
      window.removeEventListener("scroll", onScroll, { capture: true });
      window.removeEventListener("resize", onResize);
    };
  }, [isOpen, controller]);

  // Timers and listeners go with the toolbar (it unmounts when the text becomes read-only).
  React.useEffect(() => {
    const pending = timers.current;
    return () => {
      window.clearTimeout(pending.open);
      window.clearTimeout(pending.skip);
      graceCleanup.current?.();
    };
  }, []);

  // Placed before it is painted: measured hidden, then moved next to its button.
  const shownKey = shown?.key;
  const shownTrigger = shown?.trigger;
  React.useLayoutEffect(() => {
    if (shownKey === undefined || !shownTrigger || !wrapper.current) return;
    const size = { width: wrapper.current.offsetWidth, height: wrapper.current.offsetHeight };
    const viewport = { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight };
    setPlacement({ ...placeTooltip(boxOf(shownTrigger), size, viewport), key: shownKey });
  }, [shownKey, shownTrigger, reposition]);

  // Closed: gone at once without an exit animation, else when it ends (as Radix's Presence).
  const closed = shown?.state === "closed";
  React.useLayoutEffect(() => {
    if (!closed) return;
    const tip = content.current;
    if (!tip || getComputedStyle(tip).animationName === "none") controller.remove();
  }, [closed, controller]);

  React.useLayoutEffect(() => {
    onController(controller);
    return () => onController(null);
  }, [controller, onController]);
  const describedLabel = isOpen ? shown.label : null;
  React.useLayoutEffect(() => onDescribedLabel(describedLabel), [describedLabel, onDescribedLabel]);

  const placed = shown !== null && placement !== null && placement.key === shown.key ? placement : null;
  const reducedMotion = shown !== null && prefersReducedMotion();

  return shown
    ? createPortal(
      <div
        ref={wrapper}
        style={{
          position: "fixed",
          left: 0,
          top: 0,
          transform: placed ? `translate(${Math.round(placed.x)}px, ${Math.round(placed.y)}px)` : "translate(0, -200%)",
          minWidth: "max-content",
          zIndex: 50,
          visibility: placed ? undefined : "hidden",
          pointerEvents: placed ? undefined : "none",
        }}
      >
        <div
          key={shown.key}
          ref={content}
          id={tooltipId}
          role="tooltip"
          data-slot="tooltip-content"
          data-state={shown.state}
          data-side={placed?.side ?? "top"}
          data-align="center"
          className={cn(reducedMotion ? null : TOOLTIP_MOTION, TOOLTIP_LOOK)}
          style={{ "--radix-tooltip-content-transform-origin": placed?.origin } as React.CSSProperties}
          onPointerLeave={controller.startGrace}
          onAnimationEnd={() => {
            if (current.current?.state === "closed") controller.remove();
          }}
        >
          {shown.label}
          <span
            style={{
              position: "absolute",
              left: placed?.arrowX ?? 0,
              [placed?.side === "bottom" ? "top" : "bottom"]: 0,
              transformOrigin: placed?.side === "bottom" ? "center 0" : "",
              transform: placed?.side === "bottom" ? "rotate(180deg)" : "translateY(100%)",
            }}
          >
            <svg className={ARROW_CLASS} width={10} height={5} viewBox="0 0 30 10" preserveAspectRatio="none">
              <polygon points="0,0 30,0 15,10" />
            </svg>
          </span>
        </div>
      </div>,
      document.body,
    )
    : null;
}
