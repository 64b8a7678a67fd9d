"use client";

import { useId, useState, type FormEvent } from "react";
import { toast } from "@/client/toast";
import { schemaOnDemand, useSchemaCheck } from "@/client/light-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { type DialogOnDemandState, focusTriggerOnClose } from "@/components/ui/dialog-on-demand";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { errorsByPath, serverFieldErrors } from "@/components/share/share-form-values";
import { AGREEMENTS, agreementUrl } from "@/components/profile/agreement-requests";
import { ApiError, apiRequest } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { AgreementSummary } from "@/client/types";
import { PLACEHOLDER_HELP, PLACEHOLDERS } from "@/lib/domain/validation/own-agreement";
import { AGREEMENT_BODY_MAX, AGREEMENT_TITLE_MAX } from "@/lib/domain/validation/agreement-limits";
import { standardAgreementTemplate } from "@/lib/domain/validation/agreement-text";
import type { AgreementInput } from "@/lib/domain/validation/agreements";

/** POST/PUT /api/agreements' own rules (full zod), loaded when the form is first focused and awaited on submit. */
const agreementRules = schemaOnDemand(() => import("@/lib/domain/validation/agreements").then((m) => m.agreementSchema));

const FIELDS = ["title", "body"] as const;
type Field = (typeof FIELDS)[number];

const EXAMPLE = `This agreement is between {ownerName} and {recipientName} ({recipientEmail}) about "{ideaTitle}" (idea {ideaId}), dated {date}.

1. The recipient keeps the idea confidential.

2. The recipient does not use the idea except to evaluate it.`;

const NEW_TITLE = "Non-Disclosure Agreement";
/** An agreement file the form reads in place of the text: plain text, at most a little over the body's limit. */
const TEXT_FILE_MAX_BYTES = 4 * AGREEMENT_BODY_MAX;
export const NOT_A_TEXT_FILE = "Choose a plain-text file (.txt or .md) with the agreement";

/**
 * /profile → Agreements: the dialog that creates (no `agreement`) or edits one, loaded when first needed
 * (components/profile/agreements.tsx): title, body with the placeholders as help, default switch; messages by field,
 * checked by the handler's own rules (loaded when the form is first focused, awaited on submit).
 */
export function AgreementFormContent({ agreement, open, onOpenChange: setOpen, returnFocusTo }: { agreement?: AgreementSummary } & DialogOnDemandState) {
  const id = useId();
  // A new agreement starts from the standard one, its parties as placeholders.
  const [title, setTitle] = useState(agreement?.title ?? NEW_TITLE);
  const [body, setBody] = useState(agreement?.body ?? standardAgreementTemplate());
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

  // Each opening starts from the agreement as it is now (the first one from the initial state).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setTitle(agreement?.title ?? NEW_TITLE);
      setBody(agreement?.body ?? standardAgreementTemplate());
      setIsDefault(agreement?.isDefault ?? false);
      setErrors({});
      setFormError(null);
    }
  }
  const check = useSchemaCheck(agreementRules);

  const focus = (found: Partial<Record<Field, string>>) => {
    const first = FIELDS.find((f) => found[f]);
    if (first) setTimeout(() => document.getElementById(`${id}-${first}`)?.focus(), 0);
  };

  // An existing NDA as a text file replaces the box's text; the usual rules then check it on submit.
  const loadTextFile = async (file: File) => {
    const plain = file.type === "" || file.type.startsWith("text/");
    const text = plain && file.size <= TEXT_FILE_MAX_BYTES ? await file.text().catch(() => null) : null;
    if (text === null || text.includes("\u0000")) {
      setErrors((e) => ({ ...e, body: NOT_A_TEXT_FILE }));
      return;
    }
    setBody(text.replace(/\r\n?/g, "\n").trim());
    setErrors((e) => ({ ...e, body: undefined }));
    document.getElementById(`${id}-body`)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const checked = await check({ title, body, isDefault });
    if (checked === "busy") return;
    setFormError(null);
    if (checked === "unavailable") {
      setFormError("The agreement could not be saved. Please try again.");
      return;
    }
    if (checked.issues) {
      const found = errorsByPath(checked.issues, FIELDS, "body");
      setErrors(found);
      focus(found);
      return;
    }
    setErrors({});
    save.mutate(checked.value);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
        onCloseAutoFocus={focusTriggerOnClose(returnFocusTo)}
      >
        <DialogHeader>
          <DialogTitle>{agreement ? "Edit agreement" : "New agreement"}</DialogTitle>
          <DialogDescription>
            {agreement
              ? "Once a recipient accepted a version it never changes: saving then makes the next version, which links show from now on."
              : "Recipients of the links that use it read and accept it before the idea."}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} onFocus={agreementRules.preload} className="space-y-4" aria-busy={pending}>
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
          <div className="flex flex-wrap items-center gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => document.getElementById(`${id}-file`)?.click()}>
              Load the text from a file
            </Button>
            <input
              id={`${id}-file`}
              type="file"
              accept=".txt,.md,text/plain,text/markdown"
              className="sr-only"
              tabIndex={-1}
              aria-label="Load an NDA file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) void loadTextFile(file);
              }}
            />
            <span className="text-muted-foreground text-xs">or paste an existing agreement into the box above.</span>
          </div>
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
