"use client";

import { AlertTriangle, Clock, Link2 } from "lucide-react";

import { cn } from "@/client/utils";
import { useHydrated } from "@/client/hydrated";
import { utcDate, utcDateTime } from "@/lib/platform/format/date-format";
import { timestampLine, type QueuedProof, type TimestampDetails, type TimestampSummary } from "@/lib/domain/timestamps/text";

/** What the server renders and the browser's first render repeat, before the browser's own zone replaces it. */
const UTC = { date: utcDate, time: utcDateTime };

const TONES = {
  pending: { icon: Clock, className: "text-muted-foreground" },
  anchored: { icon: Link2, className: "text-emerald-700" },
  failed: { icon: AlertTriangle, className: "text-destructive" },
} as const;

/** One line: the idea's blockchain timestamp state. */
export function TimestampStatus({ timestamp, className }: { timestamp: TimestampSummary | TimestampDetails | QueuedProof; className?: string }) {
  const hydrated = useHydrated();
  const line = timestampLine(timestamp, hydrated ? undefined : UTC);
  const { icon: Icon, className: tone } = TONES[line.tone];
  return (
    <p className={cn("flex items-center gap-1.5 text-sm", tone, className)} data-timestamp-status={timestamp.status}>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span>{line.text}</span>
    </p>
  );
}
