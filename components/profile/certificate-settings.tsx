"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/client/toast";
import { SettingRow } from "@/components/profile/notification-settings";
import { ProfileSection } from "@/components/profile/profile-section";
import { queryKeys } from "@/client/query-client";
import { apiRequest, withLimitMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { ProfileInfo } from "@/client/types";

/**
 * Whether the NDA certificates of the owner's ideas show their account e-mail next to their name (off by default:
 * a certificate travels to recipients and whoever they show it to). Saved at once through PUT /api/profile, shown
 * immediately and put back if the save fails; it reads the same `me` query as the profile form.
 */
export function CertificateSettings({ initialUser }: { initialUser: ProfileInfo }) {
  const queryClient = useQueryClient();
  const me = useQuery<ProfileInfo>({ queryKey: queryKeys.me, initialData: initialUser }).data;
  const save = useApiMutation(
    ({ value }: { value: boolean; previous: ProfileInfo }) => apiRequest<ProfileInfo>("PUT", "/api/profile", { showEmailOnCertificates: value }),
    {
      onSuccess: (saved) => {
        queryClient.setQueryData(queryKeys.me, saved);
        toast.success("Certificate settings saved.");
      },
      onError: (err, { previous }) => {
        queryClient.setQueryData(queryKeys.me, previous);
        toast.error("Error", { description: withLimitMessage("Failed to save certificate settings. Please try again.", err) });
      },
    },
  );
  const saving = save.isPending;

  /** Shown at once, put back if the save fails. */
  const change = (value: boolean) => {
    const previous = queryClient.getQueryData<ProfileInfo>(queryKeys.me) ?? me;
    queryClient.setQueryData<ProfileInfo>(queryKeys.me, { ...previous, showEmailOnCertificates: value });
    save.mutate({ value, previous });
  };

  return (
    <ProfileSection title="NDA certificates" description={<>What recipients&apos; acceptance certificates say about you.</>}>
      <ul className="divide-y">
        <SettingRow
          id="certificate-show-email"
          label="Show my e-mail address on NDA certificates"
          description="Certificates always name you; with this on they also show your account e-mail address."
          checked={me.showEmailOnCertificates}
          disabled={saving}
          busy={saving}
          onChange={change}
        />
      </ul>
    </ProfileSection>
  );
}
