"use client";

import * as React from "react";

import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/form-field";
import { loadSharingSchemas, prefetchSharingSchemas } from "@/components/recipient/sharing-schemas";
import { ApiError, apiRequest, errorMessage } from "@/client/request";
import { toast } from "@/client/toast";
import type { Recipient } from "@/client/types";

type Values = { name: string; email: string; phone: string };
type Errors = Partial<Record<keyof Values | "passcode", string>>;

const EMPTY: Values = { name: "", email: "", phone: "" };

const PASSCODE_MISSING = "Enter the passcode";

type Schemas = Awaited<ReturnType<typeof loadSharingSchemas>>;

/** SPEC §5 messages per field: the first issue of each (the shared zod/mini schema, no form library, so the recipient page stays light). */
function validate({ recipientFormSchema }: Schemas, values: Values): { data: { name: string; email: string; phone: string | null } } | { errors: Errors } {
  const parsed = recipientFormSchema.safeParse({ ...values, phone: values.phone.trim() ? values.phone : null });
  if (parsed.success) return { data: { name: parsed.data.name, email: parsed.data.email, phone: parsed.data.phone ?? null } };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Values;
    errors[field] ??= issue.message;
  }
  return { errors };
}

type RecipientFormProps = {
  token: string;
  /**
   * The link has a passcode this browser has not given: the form asks for it too and sends it first
   * (POST /api/share/{token}/passcode), then the details.
   */
  askPasscode?: boolean;
  /** The passcode was accepted: the caller may now look the link up for what it shares. */
  onUnlocked?: () => void;
  /** Called with the recipient the server created (the form shows its own pending state until then). */
  onIdentified: (recipient: Recipient) => void;
  /** While the request runs (SPEC: 'Verifying your information...'). */
  onPendingChange: (pending: boolean) => void;
  hidden?: boolean;
  /** An e-mail link's invited address: the Email field shows it, locked (the server admits no other). */
  invitedEmail?: string | null;
};

/** Passcode (when the link has one), Name, Email, Phone (optional), 'Verify' → POST /api/recipients. */
export function RecipientForm({ token, askPasscode = false, onUnlocked, onIdentified, onPendingChange, hidden, invitedEmail }: RecipientFormProps) {
  const locked = Boolean(invitedEmail);
  const [values, setValues] = React.useState<Values>(invitedEmail ? { ...EMPTY, email: invitedEmail } : EMPTY);
  const [passcode, setPasscode] = React.useState("");
  // Given once per screen: a retry after a refused identify does not send it again.
  const [unlocked, setUnlocked] = React.useState(false);
  const needsPasscode = askPasscode && !unlocked;
  const [errors, setErrors] = React.useState<Errors>({});
  // Set once the schemas have loaded for a submit: from then on messages follow the input as it is corrected.
  const [schemas, setSchemas] = React.useState<Schemas | null>(null);

  const change = (field: keyof Values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    if (field === "email" && locked) return;
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (schemas) {
      const result = validate(schemas, next);
      setErrors({ passcode: errors.passcode, ...("errors" in result ? result.errors : {}) });
    }
  };

  /** POST /api/share/{token}/passcode; false (with the server's words on the field) when it was refused. */
  const givePasscode = async () => {
    try {
      await apiRequest("POST", `/api/share/${encodeURIComponent(token)}/passcode`, { passcode });
    } catch (err) {
      setErrors({ passcode: errorMessage(err, "The passcode could not be checked. Please try again.") });
      return false;
    }
    setUnlocked(true);
    onUnlocked?.();
    return true;
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let loaded: Schemas;
    try {
      loaded = await loadSharingSchemas();
    } catch (err) {
      console.error("Loading the form checks failed", err);
      toast.error("Error", { description: "Failed to submit your information. Please try again." });
      return;
    }
    setSchemas(loaded);
    const result = validate(loaded, values);
    const passcodeError = needsPasscode && !passcode ? PASSCODE_MISSING : undefined;
    if ("errors" in result || passcodeError) {
      setErrors({ passcode: passcodeError, ...("errors" in result ? result.errors : {}) });
      return;
    }
    setErrors({});
    onPendingChange(true);
    if (needsPasscode && !(await givePasscode())) {
      onPendingChange(false);
      return;
    }
    try {
      const recipient = await apiRequest<Recipient>("POST", "/api/recipients", { ...result.data, accessToken: token });
      onIdentified(recipient);
    } catch (err) {
      onPendingChange(false);
      // An e-mail share opened with another address: the server's words belong next to the Email field.
      if (err instanceof ApiError && err.status === 403) setErrors({ email: errorMessage(err, "Please use the address the invitation was sent to.") });
      toast.error("Error", { description: "Failed to submit your information. Please try again." });
    }
  };

  return (
    <form noValidate onSubmit={submit} onFocus={prefetchSharingSchemas} className="grid gap-5" hidden={hidden}>
      {needsPasscode ? (
        <InputField
          id="share-passcode"
          label="Passcode"
          type="password"
          autoComplete="off"
          value={passcode}
          onChange={(event) => {
            setPasscode(event.target.value);
            setErrors((current) => ({ ...current, passcode: undefined }));
          }}
          error={errors.passcode}
          hint="The passcode you were given with the link."
          maxLength={64}
          autoFocus
        />
      ) : null}
      <InputField
        id="recipient-name"
        label="Name"
        autoComplete="name"
        value={values.name}
        onChange={change("name")}
        error={errors.name}
        maxLength={100}
      />
      <InputField
        id="recipient-email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={values.email}
        onChange={change("email")}
        error={errors.email}
        maxLength={254}
        readOnly={locked}
        hint={locked ? "This invitation was sent to this address." : undefined}
        className={locked ? "h-11 bg-muted text-muted-foreground" : undefined}
      />
      <InputField
        id="recipient-phone"
        label="Phone (optional)"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={values.phone}
        onChange={change("phone")}
        error={errors.phone}
        maxLength={30}
      />
      <Button type="submit" className="h-11 w-full">
        Verify
      </Button>
    </form>
  );
}
