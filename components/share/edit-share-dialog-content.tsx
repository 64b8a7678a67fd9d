"use client";

import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/client/toast";
import { schemaOnDemand, useSchemaCheck } from "@/client/light-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { type DialogOnDemandState, focusTriggerOnClose } from "@/components/ui/dialog-on-demand";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { errorsByPath, serverFieldErrors, splitAddresses, STANDARD_AGREEMENT, withoutAddress } from "@/components/share/share-form-values";
import { AddressChips } from "@/components/share/address-chips";
import { Textarea } from "@/components/ui/textarea";
import { AgreementChoice } from "@/components/share/agreement-choice";
import { updateCachedShare } from "@/components/share/share-list-cache";
import { ApiError, apiRequest } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { OwnerShare, SavedShare } from "@/client/types";
import { toastInvitationsPending } from "@/components/share/invitations-pending";
import type { UpdateShareRequest } from "@/lib/domain/validation/share-link";
import { PASSCODE_MAX_LENGTH, PASSCODE_MIN_LENGTH } from "@/lib/domain/validation/sharing-limits";

/** PATCH /api/shares/{id}'s own rules (full zod), loaded when the form is first focused and awaited on submit. */
const updateRules = schemaOnDemand(() => import("@/lib/domain/validation/share-link").then((m) => m.updateShareSchema));

const EDIT_FIELDS = ["name", "recipientEmail", "expiresAt", "maxViews", "passcode", "agreementId"] as const;
type EditField = (typeof EDIT_FIELDS)[number];

/** datetime-local's value for an ISO instant, in local time. */
function toLocalInput(iso: string | null) {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * The 'Edit link' dialog of components/share/edit-share-dialog.tsx, loaded when it is first needed (PATCH
 * /api/shares/{id}): its name, expiry, view limit, options and passcode, checked by the server's own
 * schema before sending; a refusal is shown on the field its path names. Only what changed is sent.
 */
export function EditShareDialogContent({ share, open, onOpenChange: setOpen, returnFocusTo }: { share: OwnerShare } & DialogOnDemandState) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(share.name ?? "");
  const [expiresAt, setExpiresAt] = useState(toLocalInput(share.expiresAt));
  const [maxViews, setMaxViews] = useState(share.maxViews === null ? "" : String(share.maxViews));
  const [allowDownload, setAllowDownload] = useState(share.allowDownload);
  const [screenShield, setScreenShield] = useState(share.screenShield);
  const [passcode, setPasscode] = useState("");
  const [removePasscode, setRemovePasscode] = useState(false);
  const [agreementId, setAgreementId] = useState(share.agreementId ?? STANDARD_AGREEMENT);
  const [requireNda, setRequireNda] = useState(share.requireNda !== false);
  const [requireVerifiedEmail, setRequireVerifiedEmail] = useState(share.requireVerifiedEmail === true);
  const [addresses, setAddresses] = useState(share.recipientEmails.join(", "));
  const [errors, setErrors] = useState<Partial<Record<EditField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const check = useSchemaCheck(updateRules);
  const update = useApiMutation((patch: UpdateShareRequest) => apiRequest<SavedShare>("PATCH", `/api/shares/${encodeURIComponent(share.id)}`, patch));

  const body = (): UpdateShareRequest => {
    const patch: Record<string, unknown> = {};
    if (name.trim() !== (share.name ?? "")) patch.name = name.trim() === "" ? null : name;
    const expiry = expiresAt ? new Date(expiresAt) : null;
    const expiryIso = expiry && !Number.isNaN(expiry.getTime()) ? expiry.toISOString() : expiresAt || null;
    if (toLocalInput(share.expiresAt) !== expiresAt) patch.expiresAt = expiryIso;
    if ((share.maxViews === null ? "" : String(share.maxViews)) !== maxViews.trim()) patch.maxViews = maxViews.trim() === "" ? null : maxViews;
    if (allowDownload !== share.allowDownload) patch.allowDownload = allowDownload;
    if (screenShield !== share.screenShield) patch.screenShield = screenShield;
    if (agreementId !== (share.agreementId ?? STANDARD_AGREEMENT)) patch.agreementId = agreementId === STANDARD_AGREEMENT ? null : agreementId;
    if (requireNda !== (share.requireNda !== false)) patch.requireNda = requireNda;
    if (requireVerifiedEmail !== (share.requireVerifiedEmail === true)) patch.requireVerifiedEmail = requireVerifiedEmail;
    // An e-mail link's addresses, sent when the list changed (order aside): added ones are invited, removed ones shut out.
    const typed = splitAddresses(addresses);
    if (share.shareType === "email" && [...typed].map((a) => a.toLowerCase()).sort().join() !== [...share.recipientEmails].sort().join()) patch.recipientEmails = typed;
    if (removePasscode) patch.passcode = null;
    else if (passcode !== "") patch.passcode = passcode;
    return patch as UpdateShareRequest;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const patch = body();
    const checked = await check(patch);
    if (checked === "busy") return;
    setFormError(null);
    if (checked === "unavailable") {
      setFormError("The link could not be changed. Please try again.");
      return;
    }
    if (checked.issues) {
      setErrors(errorsByPath(checked.issues, EDIT_FIELDS, "name"));
      return;
    }
    setErrors({});
    if (Object.keys(patch).length === 0) {
      setOpen(false);
      return;
    }
    setPending(true);
    try {
      const { invitationsPending, ...saved } = await update.mutateAsync(patch);
      updateCachedShare(queryClient, share, saved);
      toast.success("Link updated. The change applies to every recipient's next request.");
      toastInvitationsPending(invitationsPending ?? []);
      setPasscode("");
      setRemovePasscode(false);
      setOpen(false);
    } catch (err) {
      const fields = serverFieldErrors(err, EDIT_FIELDS);
      if (fields) setErrors(fields);
      else setFormError(err instanceof ApiError && err.status < 500 ? (err.serverMessage ?? "The link could not be changed.") : "The link could not be changed. Please try again.");
    } finally {
      setPending(false);
    }
  };


  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        className="max-h-[90vh] overflow-y-auto"
        onCloseAutoFocus={focusTriggerOnClose(returnFocusTo)}
      >
        <DialogHeader>
          <DialogTitle>Edit link</DialogTitle>
          <DialogDescription>Changes apply to every recipient&apos;s next request. The link&apos;s type and idea stay as they are.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} onFocus={updateRules.preload} className="space-y-4" aria-busy={pending}>
          <FormField id={`edit-${share.id}-name`} label="Link name" error={errors.name}>
            {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />}
          </FormField>
          {share.shareType === "email" ? (
            <FormField
              id={`edit-${share.id}-addresses`}
              label="Recipient Email"
              error={errors.recipientEmail}
              hint="Separated by commas, spaces or new lines. Added addresses get an invitation; removed ones can no longer open the link."
            >
              {(control) => (
                <>
                  <Textarea {...control} rows={2} inputMode="email" spellCheck={false} value={addresses} onChange={(e) => setAddresses(e.target.value)} disabled={pending} />
                  <AddressChips
                    id={`edit-${share.id}-addresses`}
                    addresses={splitAddresses(addresses)}
                    onRemove={(address) => {
                      setAddresses(withoutAddress(addresses, address));
                      document.getElementById(`edit-${share.id}-addresses`)?.focus();
                    }}
                    disabled={pending}
                  />
                </>
              )}
            </FormField>
          ) : null}
          <FormField id={`edit-${share.id}-expires`} label="Expiration Date" error={errors.expiresAt}>
            {(control) => <Input {...control} type="datetime-local" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} />}
          </FormField>
          <FormField id={`edit-${share.id}-max`} label="Maximum Views" error={errors.maxViews}>
            {(control) => (
              <Input {...control} type="number" inputMode="numeric" min={1} placeholder="Leave empty for unlimited views" value={maxViews} onChange={(e) => setMaxViews(e.target.value)} />
            )}
          </FormField>
          <div className="flex items-center gap-3">
            <Switch id={`edit-${share.id}-download`} checked={allowDownload} onCheckedChange={setAllowDownload} />
            <Label htmlFor={`edit-${share.id}-download`} className="font-normal">
              Allow download
            </Label>
          </div>
          <div className="flex items-center gap-3">
            <Switch id={`edit-${share.id}-shield`} checked={screenShield} onCheckedChange={setScreenShield} />
            <Label htmlFor={`edit-${share.id}-shield`} className="font-normal">
              Screen shield
            </Label>
          </div>
          {share.shareType !== "email" ? (
            <div className="flex items-center gap-3">
              <Switch id={`edit-${share.id}-verified-email`} checked={requireVerifiedEmail} onCheckedChange={setRequireVerifiedEmail} />
              <Label htmlFor={`edit-${share.id}-verified-email`} className="font-normal">
                Require a verified e-mail
              </Label>
            </div>
          ) : null}
          <div className="space-y-2">
            <FormField id={`edit-${share.id}-passcode`} label={share.hasPasscode ? "New passcode" : "Passcode"} error={errors.passcode} hint={`At least ${PASSCODE_MIN_LENGTH} characters.`}>
              {(control) => <Input {...control} autoComplete="off" value={passcode} onChange={(e) => setPasscode(e.target.value)} disabled={removePasscode} maxLength={PASSCODE_MAX_LENGTH} />}
            </FormField>
            {share.hasPasscode ? (
              <div className="flex items-center gap-3">
                <Switch id={`edit-${share.id}-nopasscode`} checked={removePasscode} onCheckedChange={setRemovePasscode} />
                <Label htmlFor={`edit-${share.id}-nopasscode`} className="font-normal">
                  Remove the passcode
                </Label>
              </div>
            ) : null}
          </div>
          <AgreementChoice
            idPrefix={`edit-${share.id}`}
            agreementId={agreementId}
            onAgreementChange={setAgreementId}
            requireNda={requireNda}
            onRequireNdaChange={setRequireNda}
            disabled={pending}
            error={errors.agreementId}
            current={share.agreement}
          />
          {formError ? (
            <p role="alert" className="text-destructive text-sm">
              {formError}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="submit" disabled={pending}>
              Save changes
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
