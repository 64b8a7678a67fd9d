"use client";

import { useHydrated } from "@/lib/client/hydrated";

type LocalTimeProps = {
  value: string | Date | null | undefined;
  /** "date": the short local date; "dateTime": local date and time; "medium": medium date and time styles. */
  format?: "date" | "dateTime" | "medium";
  className?: string;
};

const FORMATS = {
  date: (d: Date) => d.toLocaleDateString(),
  dateTime: (d: Date) => d.toLocaleString(),
  medium: (d: Date) => d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" }),
} as const;

/** Server-rendered (and hydrating) text: the same in every time zone, so the browser's first render matches it. */
function utcText(d: Date, format: keyof typeof FORMATS) {
  const iso = d.toISOString();
  return format === "date" ? iso.slice(0, 10) : `${iso.slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * A moment in the reader's own time zone and locale, with the exact UTC time on hover (title) and for machines
 * (dateTime). Pages rendered on the server with their data show it in UTC until the browser takes over.
 */
export function LocalTime({ value, format = "dateTime", className }: LocalTimeProps) {
  const hydrated = useHydrated();
  if (value == null) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const iso = date.toISOString();
  return (
    <time dateTime={iso} title={`${iso.slice(0, 19).replace("T", " ")} UTC`} className={className}>
      {hydrated ? FORMATS[format](date) : utcText(date, format)}
    </time>
  );
}
