/**
 * Where the toolbar's tooltip goes (components/editor/toolbar-tooltip.tsx): the same place Radix Tooltip put it with
 * the app's settings (components/ui/tooltip.tsx: side top, centred, sideOffset 0, a 10 px arrow, flipped below when
 * there is no room above, shifted sideways to stay inside the viewport), computed with plain rectangle arithmetic so
 * the editor's first load does not need floating-ui. Pure, for tests.
 */

export type Box = { left: number; top: number; width: number; height: number };
export type Size = { width: number; height: number };

/** The arrow's square (size-2.5): Radix leaves its height as the gap between the button and the tooltip. */
export const TOOLTIP_ARROW_SIZE = 10;

export type TooltipPlacement = {
  side: "top" | "bottom";
  /** The tooltip's top-left corner, in viewport coordinates (position: fixed). */
  x: number;
  y: number;
  /** The arrow's left edge inside the tooltip. */
  arrowX: number;
  /** The scale animation's origin (Radix's --radix-tooltip-content-transform-origin): the arrow's tip. */
  origin: string;
};

function overflowAbove(y: number): number {
  return Math.max(0, -y);
}

function overflowBelow(y: number, height: number, viewport: Size): number {
  return Math.max(0, y + height - viewport.height);
}

/** Above the button when it fits, else below when that fits (or overflows less); always inside the viewport sideways. */
export function placeTooltip(trigger: Box, tooltip: Size, viewport: Size): TooltipPlacement {
  const gap = TOOLTIP_ARROW_SIZE;
  const above = trigger.top - gap - tooltip.height;
  const below = trigger.top + trigger.height + gap;
  const aboveOverflow = overflowAbove(above) + overflowBelow(above, tooltip.height, viewport);
  const belowOverflow = overflowAbove(below) + overflowBelow(below, tooltip.height, viewport);
  const side = aboveOverflow > 0 && belowOverflow < aboveOverflow ? "bottom" : "top";
  const y = side === "top" ? above : below;

  const centre = trigger.left + trigger.width / 2;
  const maxX = Math.max(0, viewport.width - tooltip.width);
  const x = Math.min(Math.max(centre - tooltip.width / 2, 0), maxX);

  const maxArrowX = Math.max(0, tooltip.width - TOOLTIP_ARROW_SIZE);
  const arrowX = Math.min(Math.max(centre - x - TOOLTIP_ARROW_SIZE / 2, 0), maxArrowX);
  const originX = `${arrowX + TOOLTIP_ARROW_SIZE / 2}px`;
  const origin = side === "top" ? `${originX} ${tooltip.height + gap}px` : `${originX} ${-gap}px`;
  return { side, x, y, arrowX, origin };
}

/**
 * The strip between the button and its tooltip (5 px wider each way, as Radix pads its exit point): moving the
 * pointer from the button through it onto the tooltip keeps the tooltip open, so its text can be hovered.
 */
export function graceArea(trigger: Box, tooltip: Box, side: "top" | "bottom"): Box {
  const pad = 5;
  const left = Math.max(trigger.left, tooltip.left) - pad;
  const right = Math.min(trigger.left + trigger.width, tooltip.left + tooltip.width) + pad;
  const top = side === "top" ? tooltip.top + tooltip.height : trigger.top + trigger.height;
  const bottom = side === "top" ? trigger.top : tooltip.top;
  return { left, top: top - pad, width: Math.max(0, right - left), height: Math.max(0, bottom - top) + 2 * pad };
}

export function contains(box: Box, x: number, y: number): boolean {
  return x >= box.left && x <= box.left + box.width && y >= box.top && y <= box.top + box.height;
}
