"use client";

import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import type { WebhookDeliveryLog } from "@/client/types";

const STATUS: Record<WebhookDeliveryLog["status"], { label: string; variant: "secondary" | "destructive" | "outline" }> = {
  delivered: { label: "Delivered", variant: "secondary" },
  pending: { label: "Retrying", variant: "outline" },
  failed: { label: "Failed", variant: "destructive" },
};


/** One endpoint's recent deliveries, newest first: event, state, and each attempt's time, response code and duration. */
export function WebhookLog({ deliveries, labelId }: { deliveries: WebhookDeliveryLog[]; labelId: string }) {
  if (!deliveries.length) return <p className="text-muted-foreground text-sm">No deliveries yet.</p>;
  return (
    <ol className="divide-y rounded-md border" aria-labelledby={labelId}>
      {deliveries.map((d) => {
        const status = d.status === "pending" && d.attempts.length === 0 ? { label: "Queued", variant: "outline" as const } : STATUS[d.status];
        return (
          <li key={d.id} className="space-y-1 p-3 text-sm" data-testid="webhook-delivery">
            <div className="flex flex-wrap items-center gap-2">
              <code className="text-xs">{d.type}</code>
              <Badge variant={status.variant}>{status.label}</Badge>
              <span className="text-muted-foreground text-xs"><LocalTime value={d.createdAt} /></span>
            </div>
            <ul className="text-muted-foreground space-y-0.5 text-xs">
              {d.attempts.map((a) => (
                <li key={a.attempt}>
                  Attempt {a.attempt} · <LocalTime value={a.attemptedAt} /> · {a.statusCode !== null ? `HTTP ${a.statusCode}` : "no response"} · {a.durationMs} ms
                  {a.error && !a.ok ? <span className="break-all"> · {a.error}</span> : null}
                </li>
              ))}
              {d.nextAttemptAt && d.attempts.length > 0 ? <li>Next attempt <LocalTime value={d.nextAttemptAt} /></li> : null}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
