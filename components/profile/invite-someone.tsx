"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/lib/client/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ProfileSection } from "@/components/profile/profile-section";
import { apiRequest, errorMessage } from "@/lib/client/request";
import { inviteSchema, type InviteInput } from "@/lib/validation/auth";

/**
 * /profile → 'Invite someone' on an instance where registration is by invitation (POST /api/invites): the same
 * e-mailed invitation as `npm run invite`, valid 14 days, naming who sent it.
 */
export function InviteSomeone() {
  const [sending, setSending] = useState(false);
  const { register, handleSubmit, reset, setError, formState: { errors } } = useForm<InviteInput>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: "" },
  });

  const onSubmit = async ({ email }: InviteInput) => {
    setSending(true);
    try {
      const sent = await apiRequest<{ email: string }>("POST", "/api/invites", { email });
      reset();
      toast.success(`Invitation sent to ${sent?.email ?? email}.`);
    } catch (err) {
      setError("email", { type: "server", message: errorMessage(err, "The invitation could not be sent. Please try again.") }, { shouldFocus: true });
    } finally {
      setSending(false);
    }
  };

  const error = errors.email?.message;
  return (
    <ProfileSection
      title="Invite someone"
      description={
        <>
          New accounts here need an invitation. We e-mail a registration link, valid for 14 days, saying it comes from you.
        </>
      }
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1 space-y-2">
          <Label htmlFor="invite-email">Email address</Label>
          <Input
            id="invite-email"
            type="email"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "invite-email-error" : undefined}
            {...register("email")}
          />
          {error ? (
            <p id="invite-email-error" className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit" className="sm:mt-7" disabled={sending} aria-busy={sending}>
          {sending ? <Spinner label="Sending the invitation..." /> : null}
          Send invitation
        </Button>
      </form>
    </ProfileSection>
  );
}
