"use client";

import { useId, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/client/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { WebhookForm } from "@/components/profile/webhook-form";
import { WebhookLog } from "@/components/profile/webhook-log";
import { ProfileSection } from "@/components/profile/profile-section";
import { queryKeys } from "@/client/query-client";
import { apiRequest, errorMessage, withLimitMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { CreatedWebhook, WebhookDeliveryLog, WebhookEndpoint } from "@/client/types";
import { WEBHOOK_EVENT_LABELS } from "@/lib/domain/validation/webhook-events";

const MAX_ENDPOINTS = 10;

/**
 * /profile → 'Webhooks' (GET/POST /api/webhooks, DELETE /api/webhooks/{id}, POST /api/webhooks/{id}/test): the
 * account's endpoints with their events, 'Add endpoint' (the signing secret is shown once, with a copy button),
 * 'Send test event', delete with confirmation, and each endpoint's delivery log.
 */
export function Webhooks() {
  const queryClient = useQueryClient();
  const list = useQuery<WebhookEndpoint[]>({ queryKey: queryKeys.webhooks });
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const endpoints = list.data ?? [];

  const onCreated = (endpoint: CreatedWebhook) => {
    setCreated(endpoint);
    // The list never holds the secret: only the one-time panel does.
    const { secret: _secret, ...listed } = endpoint;
    void _secret;
    queryClient.setQueryData<WebhookEndpoint[]>(queryKeys.webhooks, (current = []) => [...current, { ...listed, deliveries: [] }]);
  };

  return (
    <ProfileSection
      title="Webhooks"
      description={
        <>
          IdeaVault sends a signed JSON POST to your endpoints when these events happen (header <code>IdeaVault-Signature</code>).
          Failed deliveries are retried for 24 hours.
        </>
      }
    >
      {created ? <SecretOnce created={created} onDone={() => setCreated(null)} /> : null}
      {list.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : list.isError ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <p className="text-destructive">Your webhooks could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : endpoints.length ? (
        <ul className="space-y-4">
          {endpoints.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} />
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">No endpoints yet.</p>
      )}
      <div className="border-t pt-4">
        <h3 className="mb-3 text-base font-medium">Add endpoint</h3>
        {endpoints.length >= MAX_ENDPOINTS ? (
          <p className="text-muted-foreground text-sm">You have {MAX_ENDPOINTS} endpoints, the most an account can have. Delete one to add another.</p>
        ) : (
          // Usable while the list loads: it needs nothing from it (the server enforces the endpoint limit), and a form
          // enabled later would fade in through colours too faint to read.
          <WebhookForm onCreated={onCreated} />
        )}
      </div>
    </ProfileSection>
  );
}

/** The new endpoint's secret: on screen until dismissed, never again. */
function SecretOnce({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      toast.success("Secret copied.");
    } catch {
      toast.error("Copy failed: select the secret and copy it yourself.");
    }
  };
  return (
    <div role="status" className="bg-muted/50 space-y-2 rounded-md border p-3">
      <Label htmlFor="webhook-secret">Signing secret for {created.url}</Label>
      <p className="text-muted-foreground text-sm">Copy it now: it will not be shown again.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id="webhook-secret" readOnly value={created.secret} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <div className="flex gap-2">
          <Button type="button" variant="outline" onClick={() => void copy()}>
            Copy
          </Button>
          <Button type="button" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    </div>
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const queryClient = useQueryClient();
  const logId = useId();
  const [refreshing, setRefreshing] = useState(false);

  const replaceDeliveries = (update: (deliveries: WebhookDeliveryLog[]) => WebhookDeliveryLog[]) =>
    queryClient.setQueryData<WebhookEndpoint[]>(queryKeys.webhooks, (current = []) =>
      current.map((e) => (e.id === endpoint.id ? { ...e, deliveries: update(e.deliveries) } : e)),
    );

  const endpointUrl = `/api/webhooks/${encodeURIComponent(endpoint.id)}`;
  const test = useApiMutation(() => apiRequest<WebhookDeliveryLog>("POST", `${endpointUrl}/test`), {
    onSuccess: (delivery) => {
      replaceDeliveries((deliveries) => [delivery, ...deliveries.filter((d) => d.id !== delivery.id)]);
      const last = delivery.attempts[0];
      if (delivery.status === "delivered") toast.success(`Test event delivered (HTTP ${last?.statusCode}).`);
      else toast.error("The test event was not delivered", { description: last?.error ?? undefined });
    },
    onError: (err) => void toast.error("Error", { description: withLimitMessage("The test event could not be sent. Please try again.", err) }),
  });
  const testing = test.isPending;
  const sendTest = () => test.mutate();

  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ queryKey: queryKeys.webhooks });
    } finally {
      setRefreshing(false);
    }
  };

  const deletion = useApiMutation(() => apiRequest("DELETE", endpointUrl), {
    onSuccess: () => {
      queryClient.setQueryData<WebhookEndpoint[]>(queryKeys.webhooks, (current = []) => current.filter((e) => e.id !== endpoint.id));
      toast.success("Endpoint deleted.");
    },
    onError: (err) => void toast.error("Error", { description: errorMessage(err, "The endpoint could not be deleted. Please try again.") }),
  });
  const remove = () => deletion.mutateAsync().then(
    () => true,
    () => false,
  );

  return (
    <li className="space-y-3 rounded-md border p-3" data-testid="webhook-endpoint">
      <p className="font-mono text-sm break-all">{endpoint.url}</p>
      <ul className="flex flex-wrap gap-1" aria-label="Events">
        {endpoint.events.map((type) => (
          <li key={type}>
            <Badge variant="outline" title={type}>
              {WEBHOOK_EVENT_LABELS[type]}
            </Badge>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => void sendTest()} disabled={testing} aria-busy={testing || undefined}>
          {testing ? <Spinner label="Sending the test event..." /> : null}
          Send test event
        </Button>
        <ConfirmDialog
          trigger={
            <Button type="button" size="sm" variant="ghost" className="text-destructive">
              Delete
            </Button>
          }
          title="Delete this endpoint?"
          description={`Events will no longer be sent to ${endpoint.url}, and its delivery log will be deleted.`}
          confirmLabel="Delete endpoint"
          pendingLabel="Deleting the endpoint..."
          destructive
          onConfirm={remove}
        />
      </div>
      <details className="group">
        <summary className="cursor-pointer text-sm font-medium" id={logId}>
          Delivery log ({endpoint.deliveries.length})
        </summary>
        <div className="mt-2 space-y-2">
          <Button type="button" size="sm" variant="ghost" onClick={() => void refresh()} disabled={refreshing} aria-busy={refreshing || undefined}>
            Refresh
          </Button>
          <WebhookLog deliveries={endpoint.deliveries} labelId={logId} />
        </div>
      </details>
    </li>
  );
}
