"use client";

import { toast } from "@/client/toast";
import { useLightForm } from "@/client/light-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { ProfileSection } from "@/components/profile/profile-section";
import { apiRequest, errorMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { InviteInput } from "@/lib/domain/validation/auth";

/**
 * /profile → 'Invite someone' on an instance where registration is by invitation (POST /api/invites): the same
 * e-mailed invitation as `npm run invite`, valid 14 days, naming who sent it.
 */
export function InviteSomeone() {
  // The handler's own rules, loaded when the form is first focused and awaited on submit (no zod in the first load).
  const { register, handleSubmit, reset, setError, errors } = useLightForm<InviteInput>({
    loadSchema: () => import("@/lib/domain/validation/auth").then((m) => m.inviteSchema),
    defaultValues: { email: "" },
  });
  const invite = useApiMutation(({ email }: InviteInput) => apiRequest<{ email: string } | null>("POST", "/api/invites", { email }), {
    onSuccess: (sent, { email }) => {
      reset();
      toast.success(`Invitation sent to ${sent?.email ?? email}.`);
    },
    onError: (err) => {
      setError("email", { type: "server", message: errorMessage(err, "The invitation could not be sent. Please try again.") }, { shouldFocus: true });
    },
  });

  return (
    <ProfileSection
      title="Invite someone"
      description={
        <>
          New accounts here need an invitation. We e-mail a registration link, valid for 14 days, saying it comes from you.
        </>
      }
    >
      <form onSubmit={handleSubmit((values) => invite.mutate(values))} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField id="invite-email" label="Email address" error={errors.email?.message} className="flex-1">
          {(control) => <Input {...control} type="email" autoComplete="off" {...register("email")} />}
        </FormField>
        <Button type="submit" className="sm:mt-6" disabled={invite.isPending} aria-busy={invite.isPending}>
          {invite.isPending ? <Spinner label="Sending the invitation..." /> : null}
          Send invitation
        </Button>
      </form>
    </ProfileSection>
  );
}
