"use client";

import { useHydrated } from "@/client/hydrated";
import { isoDateTime, localDate, localDateTime, localShortDate, utcDate, utcDateTime } from "@/lib/platform/format/date-format";
import { cn } from "@/client/utils";

/**
 * A moment on a screen: local date and time, the UTC instant on hover (title) and for machines (dateTime);
 * `dateOnly="short"`: the locale's short date (the dashboard card). Local time depends on the browser's time zone,
 * which the server cannot know: a page rendered on the server with its data shows UTC until the browser has
 * hydrated it, then the local time (no hydration mismatch).
 */
export function LocalTime({ value, dateOnly = false, className }: { value: string | Date | null | undefined; dateOnly?: boolean | "short"; className?: string }) {
  const hydrated = useHydrated();
  const local = dateOnly === "short" ? localShortDate : dateOnly ? localDate : localDateTime;
  const text = hydrated ? local(value) : dateOnly ? utcDate(value) : utcDateTime(value);
  if (!text) return null;
  return (
    <time dateTime={isoDateTime(value)} title={utcDateTime(value)} className={cn(className)}>
      {text}
    </time>
  );
}
