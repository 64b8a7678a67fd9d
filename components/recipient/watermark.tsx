"use client";

import * as React from "react";

const STEP_X = 360;
const STEP_Y = 150;
const MAX_MARKS = 400;

/** The element's size, followed as content (images, fonts) loads and the window resizes. */
function useSize(ref: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = React.useState({ width: 0, height: 0 });
  React.useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setSize((s) => (s.width === el.offsetWidth && s.height === el.offsetHeight ? s : { width: el.offsetWidth, height: el.offsetHeight }));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/**
 * The recipient's identity ("name · e-mail · access time", from the server) repeated faintly across the document,
 * in the content layer: positioned inside the document's own box with inline styles, so removing one class or
 * hiding one element does not remove it, and it covers however long the document grows. Decorative: hidden from
 * assistive technology, inert and transparent to the pointer, so the document reads and selects as usual (WCAG
 * 1.4.3 sets no contrast minimum for pure decoration; `inert` is also what tells axe so).
 */
export function WatermarkFrame({ text, children, slot }: { text: string; children: React.ReactNode; slot: string }) {
  const ref = React.useRef<HTMLDivElement>(null);
  const { width, height } = useSize(ref);
  const rows = Math.ceil(height / STEP_Y) + 1;
  const cols = Math.ceil(width / STEP_X) + 1;
  const marks: { x: number; y: number }[] = [];
  for (let r = 0; r < rows && marks.length < MAX_MARKS; r++) {
    for (let c = 0; c < cols && marks.length < MAX_MARKS; c++) marks.push({ x: c * STEP_X + (r % 2) * (STEP_X / 2) - STEP_X / 2, y: r * STEP_Y + 40 });
  }
  return (
    <div ref={ref} data-slot={slot} style={{ position: "relative", isolation: "isolate" }}>
      {children}
      <div
        aria-hidden="true"
        inert
        data-watermark=""
        style={{ position: "absolute", inset: 0, overflow: "hidden", pointerEvents: "none", userSelect: "none", zIndex: 2147483647 }}
      >
        {/* One mark while the size is unknown (first paint, no JavaScript layout yet). */}
        {(marks.length ? marks : [{ x: 16, y: 16 }]).map((m, i) => (
          <span
            key={i}
            style={{
              position: "absolute",
              left: m.x,
              top: m.y,
              transform: "rotate(-24deg)",
              transformOrigin: "left top",
              whiteSpace: "nowrap",
              fontSize: 13,
              fontFamily: "system-ui, sans-serif",
              color: "rgba(127, 29, 29, 0.14)",
            }}
          >
            {text}
          </span>
        ))}
      </div>
    </div>
  );
}
