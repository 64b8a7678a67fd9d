"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLightForm } from "@/client/light-form";
import { toast } from "@/client/toast";
import type { RegisterFormInput } from "@/lib/domain/validation/auth";
import { apiRequest, isApiError } from "@/client/request";
import type { LoginResponse } from "@/client/types";
import { storeCurrentUser } from "@/client/stored-user";
import { fieldOfError } from "@/client/field-errors";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { PasswordInput } from "@/components/auth/password-input";
import { SocialButtons, type SocialProviderFlags } from "@/components/auth/social-buttons";

const REGISTRATION_FAILED = "Registration failed. Email may already be in use.";

type RegisterFormProps = { invite?: string; inviteEmail?: string; providers: SocialProviderFlags };
type FieldName = keyof RegisterFormInput;

const FIELDS: { name: FieldName; label: string; autoComplete: string; type?: "email" | "text" }[] = [
  { name: "name", label: "Full Name", autoComplete: "name", type: "text" },
  { name: "email", label: "Email", autoComplete: "email", type: "email" },
  { name: "password", label: "Password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm Password", autoComplete: "new-password" },
];

const SERVER_FIELDS = ["name", "email", "password"] as const;

/**
 * A new account is signed in at once through the ordinary login call, so POST /api/auth/register keeps SPEC's
 * contract (no session side effect for API clients). Whether it was: a refused sign-in (a rate limit) leaves the
 * password to /login, as before.
 */
async function signInAfterRegistering(email: string, password: string) {
  try {
    const data = await apiRequest<LoginResponse | null>("POST", "/api/auth/login", { email, password });
    storeCurrentUser(data?.user);
    return true;
  } catch {
    return false;
  }
}

export function RegisterForm({ invite, inviteEmail, providers }: RegisterFormProps) {
  const router = useRouter();
  const [submitting, setSubmitting] = useState(false);
  const { register, handleSubmit, setError, errors } = useLightForm<RegisterFormInput>({
    loadSchema: () => import("@/lib/domain/validation/auth").then((m) => m.registerFormSchema),
    defaultValues: { name: "", email: inviteEmail ?? "", password: "", confirmPassword: "" },
  });

  const onSubmit = async ({ name, email, password }: RegisterFormInput) => {
    setSubmitting(true);
    try {
      await apiRequest("POST", "/api/auth/register", { name, email, password, invite });
    } catch (err) {
      // Validation, invite and rate-limit refusals are explained; anything else (a taken address) is not.
      const message = (isApiError(err, 400, 403, 429) ? err.serverMessage : null) ?? REGISTRATION_FAILED;
      toast.error("Error", { description: message });
      // Beside the field the server refused (by default the e-mail: a taken or uninvited address), focused.
      setError(fieldOfError(err, SERVER_FIELDS, "email"), { type: "server", message }, { shouldFocus: true });
      setSubmitting(false);
      return;
    }
    if (await signInAfterRegistering(email, password)) {
      // Straight on to the new account's (empty) dashboard and its first steps, not to a second sign-in.
      toast.success("Account created successfully!");
      router.push("/dashboard");
      return;
    }
    toast.success("Account created successfully! Please log in.");
    router.push("/login");
  };

  return (
    <div className="space-y-6">
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
        {FIELDS.map(({ name, label, autoComplete, type }) => (
          <FormField key={name} id={`register-${name}`} label={label} error={errors[name]?.message}>
            {(control) =>
              type ? (
                <Input {...control} type={type} autoComplete={autoComplete} {...register(name)} />
              ) : (
                <PasswordInput {...control} autoComplete={autoComplete} {...register(name)} />
              )
            }
          </FormField>
        ))}

        <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
          {submitting ? <Spinner /> : null}
          Create Account
        </Button>
      </form>

      <SocialButtons providers={providers} callbackUrl="/dashboard" disabled={submitting} />

      <p className="text-muted-foreground text-center text-xs">
        By creating an account you agree to our{" "}
        <Link href="/terms" className="hover:text-foreground underline underline-offset-4">
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link href="/privacy" className="hover:text-foreground underline underline-offset-4">
          Privacy Policy
        </Link>
      </p>

      <p className="text-center text-sm">
        <Link href="/login" className="underline underline-offset-4">
          Already have an account? Log in
        </Link>
      </p>
    </div>
  );
}
