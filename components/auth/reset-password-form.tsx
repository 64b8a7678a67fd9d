"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLightForm } from "@/client/light-form";
import { toast } from "@/client/toast";
import type { ResetPasswordFormInput } from "@/lib/domain/validation/auth";
import { apiRequest, ApiError, errorMessage } from "@/client/request";
import { fieldOfError } from "@/client/field-errors";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { PasswordInput } from "@/components/auth/password-input";

const FAILED = "Failed to reset password. Please try again.";

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, setError, errors } = useLightForm<ResetPasswordFormInput>({
    loadSchema: () => import("@/lib/domain/validation/auth").then((m) => m.resetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });

  const onSubmit = async ({ password }: ResetPasswordFormInput) => {
    setSubmitting(true);
    setFailure(null);
    try {
      await apiRequest("POST", "/api/auth/reset-password", { token, password });
    } catch (err) {
      const message = err instanceof ApiError ? errorMessage(err, FAILED) : "Network error. Please try again.";
      toast.error("Error", { description: message });
      // A refused password is shown beside it; anything else (an expired link) in the box above, which takes focus.
      if (fieldOfError(err, ["password", "token"] as const, "token") === "password") {
        setError("password", { type: "server", message }, { shouldFocus: true });
      } else {
        setFailure(message);
      }
      setSubmitting(false);
      return;
    }
    toast.success("Your password has been reset. Please log in.");
    router.push("/login");
  };

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      {failure ? (
        <div ref={failureRef} tabIndex={-1} role="alert" className="border-destructive/50 bg-destructive/10 text-destructive space-y-1 rounded-md border px-3 py-2 text-sm">
          <p>{failure}</p>
          <Link href="/forgot-password" className="underline underline-offset-4">
            Request a new reset link
          </Link>
        </div>
      ) : null}

      <FormField id="reset-password" label="New password" error={errors.password?.message}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...register("password")} />}
      </FormField>

      <FormField id="reset-confirm" label="Confirm password" error={errors.confirmPassword?.message}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...register("confirmPassword")} />}
      </FormField>

      <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
        {submitting ? <Spinner /> : null}
        Reset Password
      </Button>
    </form>
  );
}
