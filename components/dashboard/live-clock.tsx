"use client";

import { useEffect, useState } from "react";
import { cn } from "@/client/utils";

type LiveClockProps = { className?: string; label?: string };

/**
 * The footer's 'Blockchain timestamp' label with the current date and time, ticking every second, labelled 'Current
 * time' so nobody reads it as the time anything was stamped. Renders the time only after mount.
 */
export function LiveClock({ className, label = "Blockchain timestamp" }: LiveClockProps) {
  const [now, setNow] = useState<Date | null>(null);

  useEffect(() => {
    const tick = () => setNow(new Date());
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <p data-slot="live-clock" className={cn("flex flex-wrap items-center gap-x-2", className)}>
      <span>{label}</span>
      {now ? (
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true">·</span>
          <span>Current time</span>
          <time dateTime={now.toISOString()} className="text-foreground font-mono text-xs tabular-nums sm:text-sm">
            {now.toLocaleString()}
          </time>
        </span>
      ) : null}
    </p>
  );
}
