"use client";

import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { toast } from "@/client/toast";
import { useLightForm } from "@/client/light-form";
import type { ProfileInput } from "@/lib/domain/validation/auth";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Separator } from "@/components/ui/separator";
import { Spinner } from "@/components/ui/spinner";
import { AvatarUploader } from "@/components/profile/avatar-uploader";
import { LogoutButton } from "@/components/profile/logout-button";
import { ProfileSection } from "@/components/profile/profile-section";
import { queryKeys } from "@/client/query-client";
import { apiRequest, errorMessage, withLimitMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { ProfileInfo } from "@/client/types";
import { updateStoredUser } from "@/client/stored-user";

/**
 * The current user as the page loaded it; GET /api/auth/me (the same query key) refreshes it after updates.
 * SPEC §6: a failing call sends the visitor to /login.
 */
export function ProfileForm({ initialUser, canChangeEmail }: { initialUser: ProfileInfo; canChangeEmail: boolean }) {
  const router = useRouter();
  const me = useQuery<ProfileInfo>({ queryKey: queryKeys.me, initialData: initialUser });

  useEffect(() => {
    if (me.isError) router.replace("/login");
  }, [me.isError, router]);

  return <ProfileEditor profile={me.data} canChangeEmail={canChangeEmail} />;
}

/**
 * SPEC's note under the e-mail field, unless the address can change: a password account changes it in 'Change e-mail'
 * (by a link to the new address); an account that signs in with a provider has the address the provider gives.
 */
function emailHint(canChangeEmail: boolean) {
  return canChangeEmail ? "To use another address, see 'Change e-mail' below." : "Email cannot be changed";
}

function ProfileEditor({ profile, canChangeEmail }: { profile: ProfileInfo; canChangeEmail: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  // The handler's own schema, loaded when the form is first focused and awaited on submit (no zod in the first load).
  const { register, handleSubmit, reset, setError, errors } = useLightForm<ProfileInput, { name: string; email: string }>({
    loadSchema: () => import("@/lib/domain/validation/auth").then((m) => m.profileSchema),
    defaultValues: { name: profile.name, email: profile.email },
  });

  // GET /api/auth/me is the refresh after an update: the page's own copy is only the starting point.
  const save = useApiMutation(({ name }: ProfileInput) => apiRequest<Partial<ProfileInfo> | null>("PUT", "/api/profile", { name, email: profile.email }), {
    invalidates: [queryKeys.me],
    onSuccess: (answer, { name }) => {
      const saved: ProfileInfo = {
        name: answer?.name ?? name,
        email: answer?.email ?? profile.email,
        profileImage: answer?.profileImage !== undefined ? answer.profileImage : profile.profileImage,
        showEmailOnCertificates: answer?.showEmailOnCertificates ?? profile.showEmailOnCertificates,
      };
      queryClient.setQueryData(queryKeys.me, saved);
      reset({ name: saved.name, email: saved.email });
      updateStoredUser({ name: saved.name, profileImage: saved.profileImage });
      toast.success("Your profile has been updated successfully.");
      router.refresh();
    },
    onError: (err) => {
      const message = withLimitMessage("Failed to update profile. Please try again.", err);
      toast.error("Error", { description: message });
      // The name is the only editable field: the refusal is shown there, with focus.
      setError("name", { type: "server", message: errorMessage(err, message) }, { shouldFocus: true });
    },
  });
  const saving = save.isPending;

  const onImageUploaded = (profileImage: string) => {
    queryClient.setQueryData<ProfileInfo>(queryKeys.me, (prev) => (prev ? { ...prev, profileImage } : prev));
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    updateStoredUser({ profileImage });
    router.refresh();
  };

  return (
    <ProfileSection title="Profile" description="Your name and photo, as the people you share ideas with see them.">
      <div className="space-y-6">
        <AvatarUploader name={profile.name} profileImage={profile.profileImage} onUploaded={onImageUploaded} />

        <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate className="space-y-4">
          <FormField id="profile-name" label="Name" error={errors.name?.message}>
            {(control) => (
              // Rendered on the server too: the name shows before the form's script has run.
              <Input {...control} autoComplete="name" {...register("name")} />
            )}
          </FormField>

          <FormField id="profile-email" label="Email" hint={emailHint(canChangeEmail)}>
            {(control) => <Input {...control} type="email" value={profile.email} disabled readOnly />}
          </FormField>

          <Button type="submit" className="w-full sm:w-auto" disabled={saving} aria-busy={saving}>
            {saving ? <Spinner label="Saving..." /> : null}
            Save Changes
          </Button>
        </form>

        <Separator />

        <LogoutButton />
      </div>
    </ProfileSection>
  );
}
