"use client";

import { useEffect, useState, type FormEvent } from "react";
import { Info } from "lucide-react";
import { toast } from "@/client/toast";
import { useLightForm } from "@/client/light-form";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { joinWaitlist, type WaitlistPayload } from "./waitlist-api";
import { WaitlistField } from "./waitlist-field";

export const WAITLIST_SUCCESS_MESSAGE =
  "You've been added to our waitlist. We'll notify you when it's your turn!";
const ALREADY_TITLE = "Already on waitlist";
const ALREADY_DESCRIPTION = "This email is already on our waitlist. Thank you for your interest!";

interface WaitlistFormProps {
  /** Called after a new entry was created (alreadyExists: false). */
  onSuccess: () => void;
}

export function WaitlistForm({ onSuccess }: WaitlistFormProps) {
  const [alreadyListed, setAlreadyListed] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  // POST /api/waitlist's own rules (lib/domain/validation/waitlist.ts), loaded when the form is first focused.
  const { register, handleSubmit, errors } = useLightForm<WaitlistPayload>({
    loadSchema: () => import("@/lib/domain/validation/waitlist").then((m) => m.waitlistSchema),
    defaultValues: { name: "", email: "", profession: "" },
  });

  useEffect(() => {
    document.getElementById("waitlist-name")?.focus();
  }, []);

  const onSubmit = async (values: WaitlistPayload) => {
    setAlreadyListed(false);
    try {
      const { alreadyExists } = await joinWaitlist(values);
      if (alreadyExists) {
        setAlreadyListed(true);
        toast.message(ALREADY_TITLE, { description: ALREADY_DESCRIPTION });
        return;
      }
      toast.success(WAITLIST_SUCCESS_MESSAGE);
      onSuccess();
    } catch {
      toast.error("Something went wrong", { description: "Please try again later." });
    }
  };

  // Busy from the press until the answer, the check of the fields included.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    setSubmitting(true);
    try {
      await handleSubmit(onSubmit)(event);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4" aria-busy={isSubmitting}>
      <WaitlistField
        id="waitlist-name"
        label="Name"
        autoComplete="name"
        placeholder="Ada Lovelace"
        error={errors.name?.message}
        registration={register("name")}
      />
      <WaitlistField
        id="waitlist-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        registration={register("email")}
      />
      <WaitlistField
        id="waitlist-profession"
        label="Profession"
        optional
        autoComplete="organization-title"
        placeholder="Inventor, founder, researcher…"
        error={errors.profession?.message}
        registration={register("profession")}
      />

      {alreadyListed ? (
        <div
          role="status"
          className="flex gap-2 rounded-md border border-brand/20 bg-accent p-3 text-sm text-accent-foreground"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            You&apos;re already signed up with this email address. We&apos;ll be in touch as soon as
            it&apos;s your turn.
          </p>
        </div>
      ) : null}

      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? (
          <>
            <Spinner label="Sending" />
            Joining…
          </>
        ) : (
          "Join Waitlist"
        )}
      </Button>
    </form>
  );
}
