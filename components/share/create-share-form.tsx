"use client";

import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { SharingDefaultsInfo } from "@/components/profile/sharing-defaults";
import { Copy, Link2, Mail } from "lucide-react";
import { toast } from "@/client/toast";
import { useLightForm, type FieldErrors } from "@/client/light-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { Spinner } from "@/components/ui/spinner";
import { copyShareLink } from "@/components/share/copy-text";
import { AddressChips } from "@/components/share/address-chips";
import { AgreementChoice, defaultAgreementChoice, useAgreements } from "@/components/share/agreement-choice";
import {
  linkOptionsFor, startingShareForm, STANDARD_AGREEMENT, SHARE_FIELDS, SHARE_TYPE_CHOICES, serverFieldErrors, shareFieldsFor, shareUrl, splitAddresses, withoutAddress,
  type ShareField, type ShareFormErrors, type ShareFormValues, type ShareTarget,
} from "@/components/share/share-form-values";
import { shareListKey } from "@/components/share/share-list-cache";
import { ApiError, apiRequest } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { SavedShare, Share } from "@/client/types";
import { invitationsPendingText, toastInvitationsPending } from "@/components/share/invitations-pending";
import type { CreateShareRequest } from "@/lib/domain/validation/share-link";
import { SHARE_NOTE_MAX } from "@/lib/domain/validation/share-link-limits";
import { PASSCODE_MAX_LENGTH, PASSCODE_MIN_LENGTH } from "@/lib/domain/validation/sharing-limits";
import { SHARE_TYPES, type ShareTypeValue } from "@/lib/domain/validation/share-types";

export const CREATE_FAILED = "Failed to create share link. Please try again.";

/** In the form's order: the first field with a message takes the focus. */
const FIELD_IDS: Record<ShareField, string> = {
  name: "share-name",
  passcode: "share-passcode",
  agreementId: "share-agreement",
  shareType: "share-type",
  expiresAt: "share-expires-at",
  maxViews: "share-max-views",
  recipientEmail: "share-recipient-email",
  note: "share-note",
  allowedEmails: "share-allowed-emails",
  allowedDomains: "share-allowed-domains",
  blockedDomains: "share-blocked-domains",
};

function isShareType(value: string): value is ShareTypeValue {
  return (SHARE_TYPES as readonly string[]).includes(value);
}

function Field({ field, label, error, hint, children }: { field: ShareField; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={FIELD_IDS[field]}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${FIELD_IDS[field]}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${FIELD_IDS[field]}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria props of an input that may carry an error and a hint. */
function describedBy(field: ShareField, error: string | undefined, hint?: boolean) {
  const ids = [hint ? `${FIELD_IDS[field]}-hint` : null, error ? `${FIELD_IDS[field]}-error` : null].filter(Boolean);
  return { id: FIELD_IDS[field], "aria-invalid": error ? true : undefined, "aria-describedby": ids.length ? ids.join(" ") : undefined };
}

/** The date-time picker cannot go back in time: its minimum is "now", set when it gets focus (not during render). */
function setMinToNow(input: HTMLInputElement) {
  const now = new Date();
  now.setSeconds(0, 0);
  input.min = new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * 'Create New Share Link': the four share types, their fields (SPEC §2, §5) and the created link, for one idea or a
 * room (`target`). `version`: the idea's latest published version (null: never published, or a room, whose items are
 * pinned one by one, so there is no version for the link to stay on).
 */
export function CreateShareForm({ target, version = null }: { target: ShareTarget; version?: number | null }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const typeLabelId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Time-limited, 30 days from now, until the account's own defaults arrive (computed once, not on every render).
  const [firstValues] = useState(() => startingShareForm(undefined));
  // The rules (the handler's own zod schema) load when the form is first focused, and are awaited on submit.
  const form = useLightForm<CreateShareRequest, ShareFormValues>({
    loadSchema: () => import("@/components/share/share-form-model").then((m) => m.shareFormSchema(target)),
    defaultValues: firstValues,
    shouldFocusError: false,
  });
  const { register, handleSubmit, reset, getValues, setError, clearErrors, isDirty, setValue, value } = form;
  const [formError, setFormError] = useState<string | null>(null);
  // 'Sharing defaults': a new link starts with the owner's options and expiry, until they touch the form.
  const defaults = useQuery<SharingDefaultsInfo>({ queryKey: ["/api/profile/sharing-defaults"], staleTime: 60_000 });
  const startValues = useMemo(() => (defaults.data ? startingShareForm(defaults.data) : firstValues), [defaults.data, firstValues]);
  // Once, when they arrive (not after each reset that follows a created link, which keeps the chosen type).
  const defaultsApplied = useRef(false);
  useEffect(() => {
    if (!defaults.data || defaultsApplied.current) return;
    defaultsApplied.current = true;
    if (!isDirty()) reset(startValues);
  }, [defaults.data, startValues, reset, isDirty]);
  const [created, setCreated] = useState<{ url: string; recipientEmails: string[]; invitationsPending: string[] } | null>(null);
  // 'Recipient Email' is an uncontrolled text field: its addresses are mirrored here for their chips.
  const [addresses, setAddresses] = useState<string[]>([]);
  // Set only once the rules passed: inputs disabled during validation could not take the focus of their own error.
  const [pending, setPending] = useState(false);
  const create = useApiMutation((request: Partial<CreateShareRequest>) => apiRequest<SavedShare<Share>>("POST", "/api/shares", request));
  const shareType = value("shareType");
  // The account's default agreement is preselected once the list is here (until then nothing is sent,
  // and the server applies the same default).
  const agreements = useAgreements();
  const agreementId = value("agreementId");
  const requireNda = value("requireNda");
  useEffect(() => {
    if (agreements.data && agreementId === "") setValue("agreementId", defaultAgreementChoice(agreements.data));
  }, [agreements.data, agreementId, setValue]);
  const shown = shareFieldsFor(shareType);
  const errors: ShareFormErrors = Object.fromEntries(SHARE_FIELDS.map((f) => [f, form.errors[f]?.message])) as ShareFormErrors;

  // Focus in the form's order (the radio group is not a registered input, so the form's own focus would skip it).
  const focusFirstError = (found: ShareFormErrors) => {
    const first = (Object.keys(FIELD_IDS) as ShareField[]).find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${FIELD_IDS[first]}`)?.focus();
  };

  const onValid = async (body: CreateShareRequest) => {
    setFormError(null);
    setPending(true);
    try {
      // The account's default agreement is what the server applies to a request without agreementId: only a
      // different choice is sent, so a link made with the defaults is the same request as before agreements existed.
      const { agreementId: chosen, ...rest } = body;
      const isDefaultChoice = chosen === undefined || (chosen ?? STANDARD_AGREEMENT) === defaultAgreementChoice(agreements.data);
      const share = await create.mutateAsync(isDefaultChoice ? rest : body);
      const invitationsPending = share.invitationsPending ?? [];
      setCreated({ url: shareUrl(share.accessLink), recipientEmails: share.recipientEmails.filter((a) => !invitationsPending.includes(a)), invitationsPending });
      setAddresses([]);
      toast.success("Share link created successfully!");
      toast.success("Share Link Ready", { description: "Share this link with recipients to give them access to your idea." });
      toastInvitationsPending(invitationsPending);
      const kept = getValues();
      reset({ ...startValues, shareType: kept.shareType, allowDownload: kept.allowDownload, screenShield: kept.screenShield, agreementId: kept.agreementId, requireNda: kept.requireNda, requireVerifiedEmail: kept.requireVerifiedEmail });
      void queryClient.invalidateQueries({ queryKey: shareListKey(target) });
    } catch (err) {
      toast.error("Error", { description: CREATE_FAILED });
      // A refusal the server explains is shown where it belongs: each issue on the field its path names.
      const fields = serverFieldErrors(err);
      if (fields) {
        for (const field of SHARE_FIELDS) if (fields[field]) setError(field, { type: "server", message: fields[field] });
        // The inputs are disabled until `pending` clears: focus once they are enabled again.
        setTimeout(() => focusFirstError(fields), 0);
      } else {
        setFormError(err instanceof ApiError && err.status < 500 ? (err.serverMessage ?? CREATE_FAILED) : CREATE_FAILED);
      }
    } finally {
      setPending(false);
    }
  };

  const onInvalid = (invalid: FieldErrors<keyof ShareFormValues>) => {
    setFormError(null);
    focusFirstError(Object.fromEntries(SHARE_FIELDS.map((f) => [f, invalid[f]?.message])) as ShareFormErrors);
  };

  /** An input's registration; typing clears its message (the server's too). */
  const field = (name: Exclude<ShareField, "shareType" | "agreementId">) => register(name, { onChange: () => clearErrors(name) });

  /** A chip's remove button: the address leaves the text, and the focus goes back to the field. */
  const removeAddress = (address: string) => {
    const input = formRef.current?.querySelector<HTMLTextAreaElement>(`#${FIELD_IDS.recipientEmail}`);
    if (!input) return;
    input.value = withoutAddress(input.value, address);
    setAddresses(splitAddresses(input.value));
    clearErrors("recipientEmail");
    input.focus();
  };

  const submitLabel = shareType === "email" ? "Send Email Invitation" : "Generate Share Link";

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Create New Share Link
      </h2>
      <form
        ref={formRef}
        onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
        onFocus={form.preload}
        noValidate
        className="space-y-5"
        aria-busy={pending}
      >
        <Field field="name" label="Link name (optional)" error={errors.name} hint="For you only, to tell links apart ('Sequoia, partner meeting').">
          <Input type="text" autoComplete="off" maxLength={200} {...field("name")} disabled={pending} {...describedBy("name", errors.name, true)} />
        </Field>

        <Field field="passcode" label="Passcode (optional)" error={errors.passcode} hint={`Recipients enter it before anything is shown. At least ${PASSCODE_MIN_LENGTH} characters; tell it to them yourself.`}>
          <Input type="text" autoComplete="off" spellCheck={false} maxLength={PASSCODE_MAX_LENGTH} {...field("passcode")} disabled={pending} {...describedBy("passcode", errors.passcode, true)} />
        </Field>

        <AgreementChoice
          idPrefix="share"
          agreementId={agreementId}
          onAgreementChange={(value) => {
            setValue("agreementId", value, { shouldDirty: true });
            clearErrors("agreementId");
          }}
          requireNda={requireNda}
          onRequireNdaChange={(value) => setValue("requireNda", value, { shouldDirty: true })}
          disabled={pending}
          error={errors.agreementId}
        />

        <details className="space-y-3 rounded-md border px-3 py-2">
          <summary className="cursor-pointer text-sm font-medium">Who may open it</summary>
          <div className="mt-3 space-y-4">
            <Field field="allowedEmails" label="Only these addresses" error={errors.allowedEmails} hint="Separated by commas. With any address or domain here, recipients confirm their address with a 6-digit code.">
              <Input type="text" autoComplete="off" {...field("allowedEmails")} disabled={pending} {...describedBy("allowedEmails", errors.allowedEmails, true)} />
            </Field>
            <Field field="allowedDomains" label="Only these domains" error={errors.allowedDomains}>
              <Input type="text" autoComplete="off" placeholder="sequoia.com" {...field("allowedDomains")} disabled={pending} {...describedBy("allowedDomains", errors.allowedDomains)} />
            </Field>
            <Field field="blockedDomains" label="Never these domains" error={errors.blockedDomains} hint="Added to the blocked domains of your Sharing defaults.">
              <Input type="text" autoComplete="off" {...field("blockedDomains")} disabled={pending} {...describedBy("blockedDomains", errors.blockedDomains, true)} />
            </Field>
          </div>
        </details>

        <div className="space-y-3">
          <p id={typeLabelId} className="text-sm font-medium">
            Share type
          </p>
          <RadioGroup
            id={FIELD_IDS.shareType}
            name="shareType"
            value={shareType}
            onValueChange={(next) => {
              if (!isShareType(next)) return;
              setValue("shareType", next, { shouldDirty: true, shouldValidate: true });
              clearErrors();
              setFormError(null);
            }}
            aria-labelledby={typeLabelId}
            aria-describedby={errors.shareType ? `${FIELD_IDS.shareType}-error` : undefined}
            disabled={pending}
          >
            {SHARE_TYPE_CHOICES.map((choice) => (
              <div key={choice.value} className="flex items-center gap-3">
                <RadioGroupItem value={choice.value} id={`share-type-${choice.value}`} />
                <Label htmlFor={`share-type-${choice.value}`} className="cursor-pointer py-1 font-normal">
                  {choice.label}
                </Label>
              </div>
            ))}
          </RadioGroup>
          {errors.shareType ? (
            <p id={`${FIELD_IDS.shareType}-error`} className="text-destructive text-sm">
              {errors.shareType}
            </p>
          ) : null}
        </div>

        {shown.expiresAt ? (
          <Field field="expiresAt" label="Expiration Date" error={errors.expiresAt}>
            <Input
              type="datetime-local"
              {...field("expiresAt")}
              onFocus={(event) => setMinToNow(event.currentTarget)}
              required
              disabled={pending}
              {...describedBy("expiresAt", errors.expiresAt)}
            />
          </Field>
        ) : null}

        {shown.maxViews ? (
          <Field
            field="maxViews"
            label="Maximum Views"
            error={errors.maxViews}
            hint={shareType === "one-time" ? "Each recipient views the document once; this many recipients may open it (one when empty)." : undefined}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder="Leave empty for unlimited views"
              {...field("maxViews")}
              disabled={pending}
              {...describedBy("maxViews", errors.maxViews, shareType === "one-time")}
            />
          </Field>
        ) : null}

        {shown.recipientEmail ? (
          <Field field="recipientEmail" label="Recipient Email" error={errors.recipientEmail} hint="One or more addresses, separated by commas, spaces or new lines. Each gets its own invitation and proves it with its own code.">
            <Textarea
              rows={2}
              inputMode="email"
              autoComplete="email"
              spellCheck={false}
              placeholder="recipient@example.com"
              {...register("recipientEmail", {
                onChange: (event) => {
                  clearErrors("recipientEmail");
                  setAddresses(splitAddresses(event.target.value));
                },
              })}
              required
              disabled={pending}
              {...describedBy("recipientEmail", errors.recipientEmail, true)}
            />
            <AddressChips id={FIELD_IDS.recipientEmail} addresses={addresses} onRemove={removeAddress} disabled={pending} />
          </Field>
        ) : null}

        {shown.note ? (
          <Field field="note" label="Personal note (optional)" error={errors.note} hint={`Shown only in the invitation e-mail, under your name. At most ${SHARE_NOTE_MAX} characters.`}>
            <Textarea rows={3} {...field("note")} disabled={pending} {...describedBy("note", errors.note, true)} />
          </Field>
        ) : null}

        <div className="space-y-3">
          {linkOptionsFor(shareType, version).map((option) => (
            <div key={option.field} className="flex items-start gap-3">
              <Switch
                id={`share-${option.field}`}
                checked={value(option.field)}
                onCheckedChange={(checked) => setValue(option.field, checked, { shouldDirty: true, shouldValidate: true })}
                disabled={pending}
                aria-describedby={`share-${option.field}-hint`}
                className="mt-0.5"
              />
              <div className="space-y-0.5">
                <Label htmlFor={`share-${option.field}`} className="cursor-pointer font-normal">
                  {option.field === "pinVersion" ? `Stay on version ${version}` : option.label}
                </Label>
                <p id={`share-${option.field}-hint`} className="text-muted-foreground text-xs">
                  {option.hint}
                </p>
              </div>
            </div>
          ))}
        </div>

        {formError ? (
          <p role="alert" className="border-destructive/50 bg-destructive/10 text-destructive rounded-md border px-3 py-2 text-sm">
            {formError}
          </p>
        ) : null}

        <Button type="submit" className="w-full sm:w-auto" disabled={pending} aria-busy={pending}>
          {pending ? <Spinner label="Creating share link..." /> : shareType === "email" ? <Mail aria-hidden="true" /> : <Link2 aria-hidden="true" />}
          {submitLabel}
        </Button>
      </form>

      {created ? <CreatedLink {...created} /> : null}
    </section>
  );
}

/** The read-only link of the share just created, with Copy. */
function CreatedLink({ url, recipientEmails, invitationsPending }: { url: string; recipientEmails: string[]; invitationsPending: string[] }) {
  return (
    <div className="bg-muted/40 space-y-2 rounded-lg border p-3">
      <Label htmlFor="share-link">Share link</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id="share-link" readOnly value={url} onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs sm:text-sm" />
        <Button type="button" variant="outline" onClick={() => void copyShareLink(url)} className="shrink-0">
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
      {recipientEmails.length > 0 ? (
        <p className="text-muted-foreground text-sm break-all">
          {recipientEmails.length === 1 ? `An invitation with this link was e-mailed to ${recipientEmails[0]}.` : `An invitation with this link was e-mailed to each of ${recipientEmails.join(", ")}.`}
        </p>
      ) : null}
      {invitationsPending.length > 0 ? <p className="text-sm break-all text-amber-800">{invitationsPendingText(invitationsPending)}</p> : null}
    </div>
  );
}
