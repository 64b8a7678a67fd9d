"use client";

import { toast } from "@/client/toast";
import { useLightForm } from "@/client/light-form";
import { PasswordInput } from "@/components/auth/password-input";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { ProfileSection } from "@/components/profile/profile-section";
import { fieldOfError } from "@/client/field-errors";
import { apiRequest, errorMessage, isApiError } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { ChangePasswordFormInput } from "@/lib/domain/validation/auth";

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, { label: string; autoComplete: string }> = {
  currentPassword: { label: "Current password", autoComplete: "current-password" },
  newPassword: { label: "New password", autoComplete: "new-password" },
  confirmPassword: { label: "Confirm new password", autoComplete: "new-password" },
};

/**
 * /profile → 'Change password' (PUT /api/profile/password), for accounts that have one. The server ends every other
 * session and gives this browser a new one, so the person stays signed in here. A refusal shows on the field it is
 * about (a wrong current password on that field), with focus.
 */
export function ChangePassword() {
  // The handler's own rules, loaded when the form is first focused and awaited on submit (no zod in the first load).
  const { register, handleSubmit, reset, setError, errors } = useLightForm<ChangePasswordFormInput>({
    loadSchema: () => import("@/lib/domain/validation/auth").then((m) => m.changePasswordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const change = useApiMutation(
    ({ currentPassword, newPassword }: ChangePasswordFormInput) => apiRequest("PUT", "/api/profile/password", { currentPassword, newPassword }),
    {
      onSuccess: () => {
        reset();
        toast.success("Your password has been changed. Other browsers have been signed out.");
      },
      onError: (err) => {
        const message = errorMessage(err, "Your password could not be changed. Please try again.");
        const field: Field = isApiError(err, 403, 429) ? "currentPassword" : fieldOfError(err, FIELDS, "newPassword");
        setError(field, { type: "server", message }, { shouldFocus: true });
      },
    },
  );

  return (
    <ProfileSection title="Change password" description="You stay signed in here; every other browser signed in to your account is signed out.">
      <form onSubmit={handleSubmit((values) => change.mutate(values))} noValidate className="space-y-4">
        {FIELDS.map((name) => (
          <FormField key={name} id={`change-password-${name}`} label={LABELS[name].label} error={errors[name]?.message}>
            {(control) => <PasswordInput {...control} autoComplete={LABELS[name].autoComplete} {...register(name)} />}
          </FormField>
        ))}
        <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
          {change.isPending ? <Spinner label="Changing your password..." /> : null}
          Change password
        </Button>
      </form>
    </ProfileSection>
  );
}
