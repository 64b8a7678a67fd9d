import * as React from "react";

/** SPEC §3 'Canvas element'. Stored content is validated on write, but older rows may not be: read defensively. */
type Element = {
  type: "text" | "rect" | "circle";
  x: number;
  y: number;
  rotation: number;
  text: string;
  fontSize: number;
  fontFamily: string;
  fill?: string;
  fontStyle: string;
  width: number;
  height: number;
  radius: number;
  stroke?: string;
  strokeWidth: number;
};

const num = (v: unknown, fallback = 0) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
const str = (v: unknown, fallback = "") => (typeof v === "string" ? v : fallback);
// Colours only: no url(...) paint servers that could fetch from elsewhere.
const colour = (v: unknown) => (typeof v === "string" && /^[#\w\s(),.%-]{1,50}$/.test(v) && !/url\s*\(/i.test(v) ? v : undefined);

function readElement(raw: unknown): Element | null {
  if (!raw || typeof raw !== "object") return null;
  const e = raw as Record<string, unknown>;
  if (e.type !== "text" && e.type !== "rect" && e.type !== "circle") return null;
  return {
    type: e.type,
    x: num(e.x),
    y: num(e.y),
    rotation: num(e.rotation),
    text: str(e.text),
    fontSize: Math.max(1, num(e.fontSize, 16)),
    fontFamily: str(e.fontFamily, "Arial") || "Arial",
    fill: colour(e.fill),
    fontStyle: str(e.fontStyle),
    width: Math.max(0, num(e.width)),
    height: Math.max(0, num(e.height)),
    radius: Math.max(0, num(e.radius)),
    stroke: colour(e.stroke),
    strokeWidth: Math.max(0, num(e.strokeWidth, 1)),
  };
}

const LINE_HEIGHT = 1.2;

/** The box an element covers, unrotated (good enough to size the drawing). */
function extent(e: Element): [number, number, number, number] {
  if (e.type === "circle") return [e.x - e.radius, e.y - e.radius, e.x + e.radius, e.y + e.radius];
  if (e.type === "rect") return [e.x, e.y, e.x + e.width, e.y + e.height];
  const lines = e.text.split("\n");
  const longest = Math.max(...lines.map((l) => l.length));
  return [e.x, e.y, e.x + (e.width || longest * e.fontSize * 0.6), e.y + lines.length * e.fontSize * LINE_HEIGHT];
}

function Shape({ e }: { e: Element }) {
  const transform = e.rotation ? `rotate(${e.rotation} ${e.x} ${e.y})` : undefined;
  const stroke = e.stroke ? { stroke: e.stroke, strokeWidth: e.strokeWidth } : {};
  if (e.type === "rect") {
    return <rect x={e.x} y={e.y} width={e.width} height={e.height} fill={e.fill ?? "none"} transform={transform} {...stroke} />;
  }
  if (e.type === "circle") {
    // Canvas circles are positioned by their centre.
    return <circle cx={e.x} cy={e.y} r={e.radius} fill={e.fill ?? "none"} transform={transform} {...stroke} />;
  }
  const style = e.fontStyle.toLowerCase();
  return (
    <text
      x={e.x}
      y={e.y}
      fontSize={e.fontSize}
      fontFamily={e.fontFamily}
      fontWeight={style.includes("bold") ? "bold" : undefined}
      fontStyle={style.includes("italic") ? "italic" : undefined}
      fill={e.fill ?? "#000000"}
      dominantBaseline="hanging"
      transform={transform}
      {...stroke}
    >
      {e.text.split("\n").map((line, i) => (
        <tspan key={i} x={e.x} dy={i === 0 ? 0 : `${LINE_HEIGHT}em`}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/**
 * The recipient's identity line repeated across the drawing, inside the SVG itself: it scales and exports with the
 * shapes and cannot be hidden apart from them.
 */
function WatermarkMarks({ text, x, y, width, height }: { text: string; x: number; y: number; width: number; height: number }) {
  const size = Math.max(10, Math.min(width, height) / 28);
  const stepX = size * text.length * 0.65;
  const stepY = size * 6;
  const marks: [number, number][] = [];
  for (let r = 0; r * stepY < height + stepY && marks.length < 300; r++) {
    for (let c = -1; c * stepX < width && marks.length < 300; c++) marks.push([x + c * stepX + (r % 2) * (stepX / 2), y + r * stepY + size]);
  }
  return (
    <g aria-hidden="true" data-watermark="" pointerEvents="none" style={{ userSelect: "none" }}>
      {marks.map(([mx, my], i) => (
        <text key={i} x={mx} y={my} fontSize={size} fontFamily="system-ui, sans-serif" fill="#7f1d1d" fillOpacity={0.14} transform={`rotate(-24 ${mx} ${my})`}>
          {text}
        </text>
      ))}
    </g>
  );
}

/** Positioned text, rectangles and circles, scaled to the width available (a phone included). */
export function CanvasView({ elements, watermark }: { elements: unknown[]; watermark?: string }) {
  const shapes = elements.map(readElement).filter((e): e is Element => e !== null);
  const PAD = 16;
  let [minX, minY, maxX, maxY] = [0, 0, 1, 1];
  for (const e of shapes) {
    const [x0, y0, x1, y1] = extent(e);
    minX = Math.min(minX, x0);
    minY = Math.min(minY, y0);
    maxX = Math.max(maxX, x1);
    maxY = Math.max(maxY, y1);
  }
  const width = maxX - minX + 2 * PAD;
  const height = maxY - minY + 2 * PAD;
  return (
    <div data-slot="canvas-document" className="overflow-hidden rounded-lg border bg-white">
      <svg
        role="img"
        aria-label="Idea layout"
        viewBox={`${minX - PAD} ${minY - PAD} ${width} ${height}`}
        className="block h-auto w-full"
        style={{ maxWidth: width }}
      >
        {shapes.map((e, i) => (
          <Shape key={i} e={e} />
        ))}
        {watermark ? <WatermarkMarks text={watermark} x={minX - PAD} y={minY - PAD} width={width} height={height} /> : null}
      </svg>
    </div>
  );
}
