"use client";

import { useId, useState, type FormEvent } from "react";
import { toast } from "@/lib/client/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { useAgreements } from "@/components/share/agreement-choice";
import { errorsByPath, serverFieldErrors } from "@/components/share/share-form-model";
import { ProfileSection } from "@/components/profile/profile-section";
import { ApiError, apiRequest, errorMessage } from "@/lib/client/request";
import { useApiMutation } from "@/lib/client/mutation";
import { queryKeys } from "@/lib/client/query-client";
import type { AgreementSummary } from "@/lib/client/types";
import { PLACEHOLDER_HELP, PLACEHOLDERS } from "@/lib/nda/own-agreement";
import { AGREEMENT_BODY_MAX, AGREEMENT_TITLE_MAX, agreementSchema, type AgreementInput } from "@/lib/validation/agreements";

const FIELDS = ["title", "body"] as const;
type Field = (typeof FIELDS)[number];

const EXAMPLE = `This agreement is between {ownerName} and {recipientName} ({recipientEmail}) about "{ideaTitle}" (idea {ideaId}), dated {date}.

1. The recipient keeps the idea confidential.

2. The recipient does not use the idea except to evaluate it.`;

/**
 * /profile → 'Agreements' (issue 17 §4; GET/POST /api/agreements, PUT/DELETE /api/agreements/{id}): the owner's own
 * agreements with their version, the 'Default' badge and whether a link uses them; create, edit (a version a recipient
 * accepted is kept, the edit becomes the next version), set default and delete (refused while a link uses it).
 */
export function Agreements() {
  const headingId = useId();
  const list = useAgreements();
  const agreements = list.data ?? [];
  return (
    <ProfileSection
      title="Agreements"
      description={
        <>
          Your own agreements for recipients to accept. Links use your default agreement unless you choose another; without one,
          they use the standard agreement.
        </>
      }
    >
      {list.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : list.isError ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <p className="text-destructive">Your agreements could not be loaded.</p>
          <Button type="button" size="sm" variant="outline" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </div>
      ) : agreements.length === 0 ? (
        <p className="text-muted-foreground rounded-lg border border-dashed px-4 py-4 text-center text-sm">No agreements yet: links use the standard agreement.</p>
      ) : (
        <ul aria-labelledby={headingId} className="space-y-3">
          {agreements.map((a) => (
            <AgreementItem key={a.id} agreement={a} />
          ))}
        </ul>
      )}
      <AgreementFormDialog trigger={<Button type="button">New agreement</Button>} />
    </ProfileSection>
  );
}

const AGREEMENTS = [queryKeys.agreements];
const agreementUrl = (agreement: AgreementSummary) => `/api/agreements/${encodeURIComponent(agreement.id)}`;

function AgreementItem({ agreement }: { agreement: AgreementSummary }) {
  const [problem, setProblem] = useState<string | null>(null);

  const makeDefault = useApiMutation(
    () => apiRequest("PUT", agreementUrl(agreement), { title: agreement.title, body: agreement.body, isDefault: true }),
    {
      invalidates: AGREEMENTS,
      onSuccess: () => void toast.success(`'${agreement.title}' is now your default agreement.`),
      onError: (err) => setProblem(errorMessage(err, "The default could not be changed. Please try again.")),
    },
  );
  const remove = useApiMutation(() => apiRequest("DELETE", agreementUrl(agreement)), {
    invalidates: AGREEMENTS,
    onSuccess: () => void toast.success("Agreement deleted."),
    // 409: a link still uses it; the server's message says what to do.
    onError: (err) => setProblem(errorMessage(err, "The agreement could not be deleted. Please try again.")),
  });
  const start = (mutation: { mutateAsync: () => Promise<unknown> }) => {
    setProblem(null);
    return mutation.mutateAsync().then(
      () => true,
      () => true,
    );
  };

  return (
    <li data-agreement-id={agreement.id} className="space-y-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-medium break-words">{agreement.title}</p>
        <span className="text-muted-foreground text-sm">v{agreement.version}</span>
        {agreement.isDefault ? <Badge variant="secondary">Default</Badge> : null}
        {agreement.inUse ? <Badge variant="outline">In use</Badge> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <AgreementFormDialog
          agreement={agreement}
          trigger={
            <Button type="button" size="sm" variant="outline" aria-label={`Edit ${agreement.title}`}>
              Edit
            </Button>
          }
        />
        {agreement.isDefault ? null : (
          <Button type="button" size="sm" variant="outline" onClick={() => void start(makeDefault)} disabled={makeDefault.isPending} aria-label={`Make ${agreement.title} the default`}>
            Set as default
          </Button>
        )}
        <ConfirmDialog
          trigger={
            <Button type="button" size="sm" variant="ghost" className="text-destructive" aria-label={`Delete ${agreement.title}`}>
              Delete
            </Button>
          }
          title="Delete this agreement?"
          description={`'${agreement.title}' will no longer be offered for new links. Acceptances already recorded keep its text.`}
          confirmLabel="Delete agreement"
          pendingLabel="Deleting the agreement..."
          destructive
          onConfirm={() => start(remove)}
        />
      </div>
      {problem ? (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      ) : null}
    </li>
  );
}

/** Create (no `agreement`) or edit: title, body with the placeholders as help, default switch; messages by field. */
function AgreementFormDialog({ agreement, trigger }: { agreement?: AgreementSummary; trigger: React.ReactElement }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(agreement?.title ?? "");
  const [body, setBody] = useState(agreement?.body ?? "");
  const [isDefault, setIsDefault] = useState(agreement?.isDefault ?? false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const save = useApiMutation(
    (request: AgreementInput) =>
      agreement ? apiRequest<AgreementSummary>("PUT", agreementUrl(agreement), request) : apiRequest<AgreementSummary>("POST", "/api/agreements", request),
    {
      invalidates: AGREEMENTS,
      onSuccess: () => {
        toast.success(agreement ? "Agreement saved." : "Agreement created.");
        setOpen(false);
      },
      onError: (err) => {
        const fields = serverFieldErrors(err, FIELDS);
        if (fields) {
          setErrors(fields);
          focus(fields);
        } else setFormError(err instanceof ApiError && err.status < 500 ? (err.serverMessage ?? "The agreement could not be saved.") : "The agreement could not be saved. Please try again.");
      },
    },
  );
  const pending = save.isPending;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setTitle(agreement?.title ?? "");
      setBody(agreement?.body ?? "");
      setIsDefault(agreement?.isDefault ?? false);
      setErrors({});
      setFormError(null);
    }
  };

  const focus = (found: Partial<Record<Field, string>>) => {
    const first = FIELDS.find((f) => found[f]);
    if (first) setTimeout(() => document.getElementById(`${id}-${first}`)?.focus(), 0);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const request = { title, body, isDefault };
    const checked = agreementSchema.safeParse(request);
    if (!checked.success) {
      const found = errorsByPath(checked.error.issues, FIELDS, "body");
      setErrors(found);
      focus(found);
      return;
    }
    setErrors({});
    save.mutate(checked.data);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{agreement ? "Edit agreement" : "New agreement"}</DialogTitle>
          <DialogDescription>
            {agreement
              ? "Once a recipient accepted a version it never changes: saving then makes the next version, which links show from now on."
              : "Recipients of the links that use it read and accept it before the idea."}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-4" aria-busy={pending}>
          <FormField id={`${id}-title`} label="Title" error={errors.title}>
            {(control) => (
              <Input {...control} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={AGREEMENT_TITLE_MAX + 50} autoComplete="off" />
            )}
          </FormField>
          <FormField
            id={`${id}-body`}
            label="Agreement text"
            error={errors.body}
            hint={
              <span className="block space-y-1">
                <span className="block">
                  Plain paragraphs separated by a blank line; start a paragraph with &ldquo;1.&rdquo;, &ldquo;2.&rdquo; … for numbered terms. Placeholders:
                </span>
                <span className="grid gap-x-4 sm:grid-cols-2">
                  {PLACEHOLDERS.map((p) => (
                    <span key={p} className="block">
                      <code>{`{${p}}`}</code> {PLACEHOLDER_HELP[p]}
                    </span>
                  ))}
                </span>
              </span>
            }
          >
            {(control) => (
              <Textarea
                {...control}
                value={body}
                onChange={(e) => setBody(e.target.value)}
                rows={12}
                maxLength={AGREEMENT_BODY_MAX + 1000}
                placeholder={EXAMPLE}
                className="font-mono text-sm"
              />
            )}
          </FormField>
          <div className="flex items-center gap-3">
            <Switch id={`${id}-default`} checked={isDefault} onCheckedChange={setIsDefault} />
            <Label htmlFor={`${id}-default`} className="font-normal">
              Use for new links by default
            </Label>
          </div>
          {formError ? (
            <p role="alert" className="text-destructive text-sm">
              {formError}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="submit" disabled={pending}>
              {agreement ? "Save agreement" : "Create agreement"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
