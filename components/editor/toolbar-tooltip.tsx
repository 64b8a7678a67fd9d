"use client";

import * as React from "react";

/*
 * The editor toolbar's tooltips without Radix Tooltip and floating-ui. One tooltip element for the whole toolbar,
 * shown for one button at a time, behaving as the Radix tooltips of components/ui/tooltip.tsx did:
 * - the pointer opens it after the spec's 700 ms (§9), at once when another tooltip closed less than 300 ms ago;
 *   touch never does; the pointer may move from the button onto the tooltip (its text can be hovered);
 * - keyboard focus opens it at once (not a focus that comes from pressing the button);
 * - leaving the button, blur, a press, a click, Escape or scrolling the toolbar hides it;
 * - while shown it is the button's description (aria-describedby), role="tooltip";
 * - same place (above, flipped below when there is no room, kept inside the viewport), same classes and arrow;
 *   no animation when the user asks for reduced motion.
 * The buttons are rendered once with their handlers: nothing is remounted when a tooltip shows.
 *
 * This module is what the toolbar needs at first paint: the buttons' handlers and a stand-in controller. The layer
 * (timers, placement, the tooltip itself: toolbar-tooltip-layer.tsx) loads on the first pointer or keyboard intent;
 * the intent that asked for it is carried out once it is there, if the pointer or focus is still on
 * that button.
 */

/** What the layer does for the buttons (toolbar-tooltip-layer.tsx). */
export type TooltipController = {
  enter: (trigger: HTMLElement, label: string) => void;
  leave: (trigger: HTMLElement) => void;
  open: (trigger: HTMLElement, label: string) => void;
  closeFor: (trigger: HTMLElement) => void;
  closeIfOpenFor: (trigger: HTMLElement) => void;
  pointerMovedOnto: (trigger: HTMLElement) => boolean;
  /** For the layer itself. */
  close: () => void;
  startGrace: () => void;
  remove: () => void;
};

/** What the buttons call: the layer's controller (or its stand-in), and whether a press is under way. */
type ButtonController = Pick<TooltipController, "enter" | "leave" | "open" | "closeFor" | "closeIfOpenFor" | "pointerMovedOnto"> & {
  pressed: () => void;
  isPressing: () => boolean;
};

type LayerContext = { tooltipId: string; describedLabel: string | null; controller: ButtonController };

const ToolbarTooltipContext = React.createContext<LayerContext | null>(null);

type Intent = { kind: "enter" | "open"; trigger: HTMLElement; label: string };
type LayerComponent = typeof import("@/components/editor/toolbar-tooltip-layer").ToolbarTooltipLayer;

type TriggerEvent = React.SyntheticEvent<HTMLButtonElement>;
type PointerEvent = React.PointerEvent<HTMLButtonElement>;

export function ToolbarTooltipProvider({ children }: { children: React.ReactNode }) {
  const tooltipId = React.useId();
  const [describedLabel, setDescribedLabel] = React.useState<string | null>(null);
  const [Layer, setLayer] = React.useState<LayerComponent | null>(null);
  const layer = React.useRef<TooltipController | null>(null);
  const intent = React.useRef<Intent | null>(null);
  const loading = React.useRef(false);
  const pressing = React.useRef(false);

  const onController = React.useCallback((controller: TooltipController | null) => {
    layer.current = controller;
    const asked = intent.current;
    intent.current = null;
    if (!controller || !asked) return;
    // Only what still holds: the focus (not from a press) or the pointer still on that button.
    if (asked.kind === "open" && document.activeElement === asked.trigger && !pressing.current) controller.open(asked.trigger, asked.label);
    if (asked.kind === "enter" && asked.trigger.matches(":hover") && controller.pointerMovedOnto(asked.trigger)) {
      controller.enter(asked.trigger, asked.label);
    }
  }, []);

  const controller = React.useMemo<ButtonController>(() => {
    const ask = (next: Intent) => {
      intent.current = next;
      if (loading.current) return;
      loading.current = true;
      void import("@/components/editor/toolbar-tooltip-layer").then(
        (m) => setLayer(() => m.ToolbarTooltipLayer),
        () => {
          loading.current = false; // offline: no tooltip this time; the next intent tries again
        },
      );
    };
    const forget = (trigger: HTMLElement) => {
      if (intent.current?.trigger === trigger) intent.current = null;
    };
    return {
      enter: (trigger, label) => (layer.current ? layer.current.enter(trigger, label) : ask({ kind: "enter", trigger, label })),
      leave: (trigger) => (layer.current ? layer.current.leave(trigger) : forget(trigger)),
      open: (trigger, label) => (layer.current ? layer.current.open(trigger, label) : ask({ kind: "open", trigger, label })),
      closeFor: (trigger) => (layer.current ? layer.current.closeFor(trigger) : forget(trigger)),
      closeIfOpenFor: (trigger) => layer.current?.closeIfOpenFor(trigger),
      pointerMovedOnto: (trigger) => (layer.current ? layer.current.pointerMovedOnto(trigger) : true),
      pressed: () => {
        pressing.current = true;
        document.addEventListener("pointerup", () => (pressing.current = false), { once: true });
      },
      isPressing: () => pressing.current,
    };
  }, []);

  const contextValue = React.useMemo<LayerContext>(() => ({ tooltipId, describedLabel, controller }), [tooltipId, describedLabel, controller]);

  return (
    <ToolbarTooltipContext.Provider value={contextValue}>
      {children}
      {Layer ? <Layer tooltipId={tooltipId} onController={onController} onDescribedLabel={setDescribedLabel} /> : null}
    </ToolbarTooltipContext.Provider>
  );
}

type OwnHandlers = {
  onPointerMove?: React.PointerEventHandler<HTMLButtonElement>;
  onPointerLeave?: React.PointerEventHandler<HTMLButtonElement>;
  onPointerDown?: React.PointerEventHandler<HTMLButtonElement>;
  onFocus?: React.FocusEventHandler<HTMLButtonElement>;
  onBlur?: React.FocusEventHandler<HTMLButtonElement>;
  onClick?: React.MouseEventHandler<HTMLButtonElement>;
};

/** The button's own handler first, then the tooltip's unless the button's prevented it (as Radix composes them). */
function compose<E extends TriggerEvent>(own: ((event: E) => void) | undefined, tooltip: (event: E) => void) {
  return (event: E) => {
    own?.(event);
    if (!event.defaultPrevented) tooltip(event);
  };
}

/**
 * The props that give a toolbar button its tooltip (the label, which is also its accessible name), composed with
 * the button's own handlers. Without a ToolbarTooltipProvider the button simply has no tooltip.
 */
export function useToolbarTooltip(label: string, own: OwnHandlers): OwnHandlers & { "aria-describedby"?: string } {
  const layer = React.useContext(ToolbarTooltipContext);
  if (!layer) return own;
  const { controller, tooltipId, describedLabel } = layer;
  return {
    "aria-describedby": describedLabel === label ? tooltipId : undefined,
    onPointerMove: compose(own.onPointerMove, (event: PointerEvent) => {
      if (event.pointerType === "touch") return;
      if (controller.pointerMovedOnto(event.currentTarget)) controller.enter(event.currentTarget, label);
    }),
    onPointerLeave: compose(own.onPointerLeave, (event: PointerEvent) => controller.leave(event.currentTarget)),
    onPointerDown: compose(own.onPointerDown, (event: PointerEvent) => {
      controller.closeIfOpenFor(event.currentTarget);
      controller.pressed();
    }),
    onFocus: compose(own.onFocus, (event: React.FocusEvent<HTMLButtonElement>) => {
      // Focus that comes from pressing the button is not keyboard focus.
      if (!controller.isPressing()) controller.open(event.currentTarget, label);
    }),
    onBlur: compose(own.onBlur, (event: React.FocusEvent<HTMLButtonElement>) => controller.closeFor(event.currentTarget)),
    onClick: compose(own.onClick, (event: React.MouseEvent<HTMLButtonElement>) => controller.closeFor(event.currentTarget)),
  };
}
