"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { schemaOnDemand, useSchemaCheck } from "@/client/light-form";
import { apiRequest, errorMessage, isApiError } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { CreatedWebhook } from "@/client/types";
import type { CreateWebhookInput } from "@/lib/domain/validation/webhooks";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEventType } from "@/lib/domain/validation/webhook-events";

/** POST /api/webhooks' own rules (full zod), loaded when the form is first focused and awaited on submit. */
const webhookRules = schemaOnDemand(() => import("@/lib/domain/validation/webhooks").then((m) => m.createWebhookSchema));

type Errors = { url?: string; events?: string; form?: string };

/**
 * 'Add endpoint': URL and event checkboxes, checked by the same schema as POST /api/webhooks; a refusal shows next to
 * the field it is about (the server's address rules land on the URL) and focus moves there.
 */
export function WebhookForm({ onCreated }: { onCreated: (created: CreatedWebhook) => void }) {
  const urlRef = useRef<HTMLInputElement>(null);
  const eventsRef = useRef<HTMLFieldSetElement>(null);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENTS]);
  const [errors, setErrors] = useState<Errors>({});
  const add = useApiMutation((body: CreateWebhookInput) => apiRequest<CreatedWebhook>("POST", "/api/webhooks", body), {
    onSuccess: (created) => {
      setUrl("");
      setEvents([...WEBHOOK_EVENTS]);
      setErrors({});
      onCreated(created);
    },
    onError: (err) => {
      const message = errorMessage(err, "The endpoint could not be added. Please try again.");
      if (isApiError(err, 400)) show(/event/i.test(message) ? { events: message } : { url: message });
      else setErrors({ form: message });
    },
  });
  const pending = add.isPending;

  const wantsFocus = useRef(false);
  const show = (next: Errors) => {
    wantsFocus.current = true;
    setErrors(next);
  };
  // Once the fields are enabled again (they are disabled while the server answers), focus the one in error.
  useEffect(() => {
    if (pending || !wantsFocus.current) return;
    wantsFocus.current = false;
    if (errors.url) urlRef.current?.focus();
    else if (errors.events) eventsRef.current?.querySelector("input")?.focus();
  }, [pending, errors]);

  const check = useSchemaCheck(webhookRules);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = await check({ url, events });
    if (parsed === "busy") return;
    if (parsed === "unavailable") return setErrors({ form: "The endpoint could not be added. Please try again." });
    if (parsed.issues) {
      const next: Errors = {};
      for (const issue of parsed.issues) {
        const field = issue.path[0] === "events" ? "events" : "url";
        next[field] ??= issue.message;
      }
      return show(next);
    }
    add.mutate(parsed.value);
  };

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? WEBHOOK_EVENTS.filter((e) => e === type || current.includes(e)) : current.filter((e) => e !== type)));

  return (
    <form onSubmit={(event) => void submit(event)} onFocus={webhookRules.preload} noValidate className="space-y-4" aria-label="Add a webhook endpoint">
      <FormField id="webhook-url" label="Endpoint URL" error={errors.url}>
        {(control) => (
          <Input
            {...control}
            ref={urlRef}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/webhooks/ideavault"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            disabled={pending}
          />
        )}
      </FormField>
      <fieldset ref={eventsRef} className="space-y-2" aria-describedby={errors.events ? "webhook-events-error" : undefined}>
        <legend className="text-sm font-medium">Events</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((type) => (
            <label key={type} className="flex min-h-9 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="accent-primary size-4"
                checked={events.includes(type)}
                onChange={(e) => toggle(type, e.target.checked)}
                disabled={pending}
              />
              <span>
                {WEBHOOK_EVENT_LABELS[type]} <code className="text-muted-foreground text-xs">{type}</code>
              </span>
            </label>
          ))}
        </div>
        {errors.events ? (
          <p id="webhook-events-error" className="text-destructive text-sm">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      {errors.form ? (
        <p id="webhook-form-error" role="alert" className="text-destructive text-sm">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
        {pending ? <Spinner label="Adding the endpoint..." /> : null}
        Add endpoint
      </Button>
    </form>
  );
}
