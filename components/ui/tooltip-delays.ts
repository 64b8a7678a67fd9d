/**
 * Spec §9: tooltip open delay 700 ms, skip delay 300 ms. Apart from components/ui/tooltip.tsx so that a tooltip
 * without Radix (the editor toolbar's, components/editor/toolbar-tooltip.tsx) uses the same delays without
 * importing Radix Tooltip.
 */
export const TOOLTIP_DELAY_DURATION = 700;
export const TOOLTIP_SKIP_DELAY_DURATION = 300;
