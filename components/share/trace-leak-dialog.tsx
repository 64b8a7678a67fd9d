"use client";

import * as React from "react";
import { ScanSearch } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { LocalTime } from "@/components/ui/local-time";
import { Spinner } from "@/components/ui/spinner";
import { apiRequest, errorMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";

/** POST /api/ideas/{id}/trace's answer. */
type TraceMatch = { recipientId: string; name: string; email: string; viewId: string; viewedAt: string; confidence: number; score: number };

const ACCEPTED = "image/png,image/jpeg,image/webp";
const MAX_BYTES = 15 * 1024 * 1024;

/** A match's confidence in words a person can weigh: the chance it is a coincidence is at most 1 − confidence. */
function confidenceText(confidence: number) {
  if (confidence >= 0.9999) return "over 99.99 %";
  return `${(Math.floor(confidence * 10000) / 100).toFixed(2)} %`;
}

/**
 * 'Trace a leaked page': the owner uploads a page image found outside (a screenshot, a saved or re-encoded copy,
 * cropped or resized), and sees whose view it comes from: every page image a recipient receives carries an invisible
 * code for their view, besides the visible mark.
 */
export function TraceLeakDialog({ ideaId }: { ideaId: number }) {
  const [open, setOpen] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [matches, setMatches] = React.useState<TraceMatch[] | null>(null);
  const input = React.useRef<HTMLInputElement>(null);
  const tracing = useApiMutation((form: FormData) => apiRequest<{ matches: TraceMatch[] }>("POST", `/api/ideas/${ideaId}/trace`, form));

  const reset = () => {
    setError(null);
    setMatches(null);
    if (input.current) input.current.value = "";
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    setMatches(null);
    if (!file) return setError("Choose an image of the page");
    if (!ACCEPTED.split(",").includes(file.type)) return setError("Upload a PNG, JPEG or WebP image of the page");
    if (file.size > MAX_BYTES) return setError("The image must be less than 15MB");
    setError(null);
    const form = new FormData();
    form.append("image", file);
    try {
      setMatches((await tracing.mutateAsync(form)).matches);
    } catch (err) {
      setError(errorMessage(err, "The image could not be traced. Please try again."));
      input.current?.focus();
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && tracing.isPending) return; // the trace finishes first
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <ScanSearch aria-hidden="true" />
          Trace a leaked page
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Trace a leaked page</DialogTitle>
          <DialogDescription>
            Every page image a recipient receives carries an invisible code for their view, even once the visible mark is removed. Upload a screenshot or
            copy of a page to see whose view it comes from.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <FormField id={`trace-image-${ideaId}`} label="Page image" error={error} announceError hint="PNG, JPEG or WebP, up to 15MB. Cropped or resized copies work too.">
            {(control) => <Input {...control} ref={input} type="file" accept={ACCEPTED} disabled={tracing.isPending} onChange={() => setError(null)} />}
          </FormField>
          <div aria-live="polite">
            {tracing.isPending ? (
              <p className="text-muted-foreground flex items-center gap-2 text-sm">
                <Spinner aria-hidden="true" /> Comparing the image with every page and view…
              </p>
            ) : matches === null ? null : matches.length === 0 ? (
              <p className="text-sm font-medium">No reader matches this image</p>
            ) : (
              <ul className="grid gap-2" aria-label="Readers this image comes from">
                {matches.map((m) => (
                  <li key={m.viewId} className="rounded-md border p-3 text-sm">
                    <p className="font-medium break-words">{m.name}</p>
                    <p className="text-muted-foreground break-all">{m.email}</p>
                    <p className="text-muted-foreground">
                      Viewed <LocalTime value={m.viewedAt} /> · confidence {confidenceText(m.confidence)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <DialogFooter>
            <Button type="submit" disabled={tracing.isPending}>
              {tracing.isPending ? "Tracing..." : "Trace"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
