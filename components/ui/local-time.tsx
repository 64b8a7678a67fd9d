import { isoDateTime, localDate, localDateTime, utcDateTime } from "@/lib/client/date-format";
import { cn } from "@/lib/utils";

/**
 * A moment on a creator's screen: local date and time, the UTC instant on hover (title) and for machines
 * (dateTime). Local time depends on the browser's zone, so a server render may differ: the client's text wins.
 */
export function LocalTime({ value, dateOnly = false, className }: { value: string | Date | null | undefined; dateOnly?: boolean; className?: string }) {
  const text = dateOnly ? localDate(value) : localDateTime(value);
  if (!text) return null;
  return (
    <time dateTime={isoDateTime(value)} title={utcDateTime(value)} className={cn(className)} suppressHydrationWarning>
      {text}
    </time>
  );
}
