"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/lib/client/toast";
import { PasswordInput } from "@/components/auth/password-input";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ProfileSection } from "@/components/profile/profile-section";
import { fieldOfError } from "@/lib/client/field-errors";
import { apiRequest, errorMessage, isApiError } from "@/lib/client/request";
import { changePasswordFormSchema, type ChangePasswordFormInput } from "@/lib/validation/auth";

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
  const [saving, setSaving] = useState(false);
  const { register, handleSubmit, reset, setError, formState: { errors } } = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });

  const onSubmit = async ({ currentPassword, newPassword }: ChangePasswordFormInput) => {
    setSaving(true);
    try {
      await apiRequest("PUT", "/api/profile/password", { currentPassword, newPassword });
      reset();
      toast.success("Your password has been changed. Other browsers have been signed out.");
    } catch (err) {
      const message = errorMessage(err, "Your password could not be changed. Please try again.");
      const field: Field = isApiError(err, 403, 429) ? "currentPassword" : fieldOfError(err, FIELDS, "newPassword");
      setError(field, { type: "server", message }, { shouldFocus: true });
    } finally {
      setSaving(false);
    }
  };

  return (
    <ProfileSection title="Change password" description="You stay signed in here; every other browser signed in to your account is signed out.">
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
        {FIELDS.map((name) => {
          const error = errors[name]?.message;
          const id = `change-password-${name}`;
          return (
            <div key={name} className="space-y-2">
              <Label htmlFor={id}>{LABELS[name].label}</Label>
              <PasswordInput
                id={id}
                autoComplete={LABELS[name].autoComplete}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                {...register(name)}
              />
              {error ? (
                <p id={`${id}-error`} className="text-destructive text-sm">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? <Spinner label="Changing your password..." /> : null}
          Change password
        </Button>
      </form>
    </ProfileSection>
  );
}
