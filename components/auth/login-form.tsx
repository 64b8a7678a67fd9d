"use client";

import { useState } from "react";
import Link from "next/link";
import { useLightForm } from "@/client/light-form";
import { toast, toastBeforeLeaving } from "@/client/toast";
import type { LoginInput } from "@/lib/domain/validation/auth";
import { apiRequest, isApiError } from "@/client/request";
import type { LoginResponse } from "@/client/types";
import { storeCurrentUser } from "@/client/stored-user";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { PasswordInput } from "@/components/auth/password-input";
import { SocialButtons, type SocialProviderFlags } from "@/components/auth/social-buttons";
import { SIGN_UP_LABEL } from "@/components/marketing/sign-up-actions";
import type { SignUpOffer } from "@/lib/domain/auth/registration";

const LOGIN_FAILED = "Invalid email or password. Please try again.";

type LoginFormProps = {
  /** Already validated by the page as a same-origin relative path. */
  callbackUrl: string;
  providers: SocialProviderFlags;
  errorMessage?: string | null;
  /** The account this instance offers (lib/domain/auth/registration.ts signUpOffer). */
  signUp: SignUpOffer;
};

export function LoginForm({ callbackUrl, providers, errorMessage, signUp }: LoginFormProps) {
  const [submitting, setSubmitting] = useState(false);
  const { register, handleSubmit, setError, errors } = useLightForm<LoginInput>({
    loadSchema: () => import("@/lib/domain/validation/auth").then((m) => m.loginSchema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = async (values: LoginInput) => {
    setSubmitting(true);
    let data: LoginResponse | null;
    try {
      data = await apiRequest<LoginResponse | null>("POST", "/api/auth/login", values);
    } catch (err) {
      // Only a rate limit is explained; every other refusal reads the same (no account probing).
      const message = isApiError(err, 429) ? (err.serverMessage ?? "Too many attempts. Please try again later.") : LOGIN_FAILED;
      toast.error("Error", { description: message });
      // Also beside the password (the field to retry), with focus there, not only in a toast that fades away.
      setError("password", { type: "server", message }, { shouldFocus: true });
      setSubmitting(false);
      return;
    }
    storeCurrentUser(data?.user);
    await toastBeforeLeaving("success", "You have been logged in successfully!");
    window.location.assign(callbackUrl); // keep the spinner while the browser navigates
  };

  return (
    <div className="space-y-6">
      {errorMessage ? (
        <p role="alert" className="border-destructive/50 bg-destructive/10 text-destructive rounded-md border px-3 py-2 text-sm">
          {errorMessage}
        </p>
      ) : null}

      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
        <FormField id="email" label="Email" error={errors.email?.message}>
          {(control) => (
            <Input {...control} type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...register("email")} />
          )}
        </FormField>

        <FormField
          id="password"
          label="Password"
          error={errors.password?.message}
          labelAside={
            <Link href="/forgot-password" prefetch={false} className="text-muted-foreground hover:text-foreground text-sm underline-offset-4 hover:underline">
              Forgot
            </Link>
          }
        >
          {(control) => <PasswordInput {...control} autoComplete="current-password" {...register("password")} />}
        </FormField>

        <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
          {submitting ? <Spinner /> : null}
          Log In
        </Button>
      </form>

      <SocialButtons providers={providers} callbackUrl={callbackUrl} disabled={submitting} />

      <p className="text-center text-sm">
        {signUp === "invite" ? (
          <Button type="button" variant="link" disabled className="h-auto p-0">
            Sign up (Invite Only)
          </Button>
        ) : (
          <Link href="/register" className="font-medium underline underline-offset-4">
            {SIGN_UP_LABEL[signUp]}
          </Link>
        )}
      </p>
    </div>
  );
}
