"use client";

import { useState } from "react";
import { toast } from "@/client/toast";
import { useLightForm } from "@/client/light-form";
import { PasswordInput } from "@/components/auth/password-input";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { ProfileSection } from "@/components/profile/profile-section";
import { fieldOfError } from "@/client/field-errors";
import { apiRequest, errorMessage, isApiError } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { ChangeEmailInput } from "@/lib/domain/validation/auth";

const FIELDS = ["newEmail", "currentPassword"] as const;
type Field = (typeof FIELDS)[number];

/**
 * /profile → 'Change e-mail' (POST /api/profile/email), for accounts that have a password. Nothing changes here and now:
 * the server mails a link to the new address and the account moves there when it is opened (/confirm-email); the
 * current address is told. A refusal shows on the field it is about (a wrong password on the password, a taken or
 * invalid address on the address), with focus.
 */
export function ChangeEmail({ currentEmail }: { currentEmail: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The handler's own rules, loaded when the form is first focused and awaited on submit (no zod in the first load).
  const { register, handleSubmit, reset, setError, errors } = useLightForm<ChangeEmailInput>({
    loadSchema: () => import("@/lib/domain/validation/auth").then((m) => m.changeEmailSchema),
    defaultValues: { newEmail: "", currentPassword: "" },
  });
  const change = useApiMutation((input: ChangeEmailInput) => apiRequest("POST", "/api/profile/email", input), {
    onSuccess: (_answer, { newEmail }) => {
      reset();
      setSentTo(newEmail.trim());
      toast.success("Check your new address for the confirmation link.");
    },
    onError: (err) => {
      setSentTo(null);
      const message = errorMessage(err, "Your e-mail address could not be changed. Please try again.");
      const field: Field = isApiError(err, 403, 429) ? "currentPassword" : fieldOfError(err, FIELDS, "newEmail");
      setError(field, { type: "server", message }, { shouldFocus: true });
    },
  });

  return (
    <ProfileSection
      title="Change e-mail"
      description="We send a link to the new address; your account moves to it when you open the link. Every other signed-in browser is then signed out."
    >
      <form onSubmit={handleSubmit((values) => change.mutate(values))} noValidate className="space-y-4">
        <FormField id="change-email-newEmail" label="New e-mail address" error={errors.newEmail?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...register("newEmail")} />}
        </FormField>
        <FormField id="change-email-currentPassword" label="Current password" error={errors.currentPassword?.message}>
          {(control) => <PasswordInput {...control} autoComplete="current-password" {...register("currentPassword")} />}
        </FormField>
        <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
          {change.isPending ? <Spinner label="Sending the link..." /> : null}
          Send confirmation link
        </Button>
        <p role="status" className="text-sm empty:hidden">
          {sentTo
            ? `We sent a link to ${sentTo}. Open it within 24 hours to confirm; until then you keep signing in with ${currentEmail}.`
            : null}
        </p>
      </form>
    </ProfileSection>
  );
}
