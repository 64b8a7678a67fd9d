"use client";

import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatReadingTime, type ReadingUnit } from "@/components/share/reading";

type Props = { pages: { n: number; ms: number }[]; pageCount: number | null; unit: ReadingUnit };

/**
 * Seconds per page (or section) of one recipient, as bars. recharts is heavy: link-recipients.tsx loads this module
 * with next/dynamic, so only the share screen ever downloads it (never a recipient page). The accessible name sits on
 * the wrapper (role="img") the caller renders; the SVG inside is decoration for assistive technology.
 */
export default function ReadingChart({ pages, pageCount, unit }: Props) {
  const byPage = new Map(pages.map((p) => [p.n, p.ms]));
  const last = Math.max(pageCount ?? 0, ...pages.map((p) => p.n));
  const data = Array.from({ length: last }, (_, i) => ({ n: i + 1, seconds: Math.round((byPage.get(i + 1) ?? 0) / 100) / 10 }));
  const label = unit === "page" ? "Page" : "Section";
  return (
    <div aria-hidden="true" className="h-32 w-full">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 128 }}>
        {/* recharts' keyboard layer makes its SVG focusable (tabindex 0): inside an aria-hidden wrapper that is a focus
            stop with no name (axe aria-hidden-focus). The chart is decoration; its figures are in the text beside it. */}
        <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <XAxis dataKey="n" tickLine={false} fontSize={10} interval="preserveStartEnd" />
          <YAxis tickLine={false} fontSize={10} width={44} unit=" s" allowDecimals={false} />
          <Tooltip
            formatter={(value) => [formatReadingTime(Number(value) * 1000), "Reading time"]}
            labelFormatter={(n) => `${label} ${n}`}
            cursor={{ fillOpacity: 0.1 }}
          />
          <Bar dataKey="seconds" fill="var(--color-brand, #4f46e5)" radius={[2, 2, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
