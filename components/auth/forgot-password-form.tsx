"use client";

import { useState } from "react";
import Link from "next/link";
import { useLightForm } from "@/client/light-form";
import { toast } from "@/client/toast";
import { MailCheck } from "lucide-react";
import type { ForgotPasswordInput } from "@/lib/domain/validation/auth";
import { apiRequest, ApiError, errorMessage } from "@/client/request";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";

const SENT = "Password reset instructions have been sent to your email.";
const FAILED = "Failed to send reset email. Please try again.";
const NETWORK = "Network error. Please try again.";

export function ForgotPasswordForm() {
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { register, handleSubmit, setError, errors } = useLightForm<ForgotPasswordInput>({
    loadSchema: () => import("@/lib/domain/validation/auth").then((m) => m.forgotPasswordSchema),
    defaultValues: { email: "" },
  });

  const onSubmit = async (values: ForgotPasswordInput) => {
    setSubmitting(true);
    try {
      await apiRequest("POST", "/api/auth/forgot-password", values);
      toast.success(SENT);
      setSent(true);
    } catch (err) {
      const message = err instanceof ApiError ? errorMessage(err, FAILED) : NETWORK;
      toast.error("Error", { description: message });
      setError("email", { type: "server", message }, { shouldFocus: true });
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) {
    return (
      <div className="space-y-6 text-center">
        <MailCheck className="text-primary mx-auto size-12" aria-hidden="true" />
        <div className="space-y-2" role="status">
          <h1 className="text-2xl font-semibold">Check Your Email</h1>
          <p className="text-muted-foreground text-sm">{SENT}</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button type="button" variant="outline" onClick={() => setSent(false)}>
            Try Again
          </Button>
          <Button asChild>
            <Link href="/login">Back to Login</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">Forgot password</h1>
        <p className="text-muted-foreground text-sm">Enter your email address and we&apos;ll send you a link to reset your password.</p>
      </div>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
        <FormField id="forgot-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <Input {...control} type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...register("email")} />
          )}
        </FormField>
        <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
          {submitting ? <Spinner /> : null}
          Send Reset Link
        </Button>
      </form>
      <p className="text-center text-sm">
        <Link href="/login" className="underline underline-offset-4">
          Back to Login
        </Link>
      </p>
    </div>
  );
}
