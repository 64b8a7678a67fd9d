"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/client/toast";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { ProfileSection } from "@/components/profile/profile-section";
import { queryKeys } from "@/client/query-client";
import { apiRequest, withLimitMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { NotificationSettings as Settings } from "@/client/types";

type Kind = keyof Settings;

const SWITCHES: { kind: Kind; label: string; description: string }[] = [
  { kind: "ndaAccepted", label: "NDA accepted", description: "E-mail me when a recipient accepts the confidentiality agreement." },
  { kind: "firstView", label: "First view", description: "E-mail me the first time each recipient opens a shared idea." },
  { kind: "comments", label: "Comments", description: "E-mail me when a recipient comments on a shared idea." },
  { kind: "proofAnchored", label: "Proof anchored in Bitcoin", description: "E-mail me when the proof of a published idea is anchored in a Bitcoin block." },
  { kind: "visitEnded", label: "Visit summary", description: "E-mail me a summary after each visit." },
];

/**
 * The owner's e-mail switches (GET/PUT /api/profile/notifications). The page hands in what it loaded; each
 * change is saved at once, shown immediately and put back if the save fails.
 */
export function NotificationSettings({ initial }: { initial: Settings }) {
  const queryClient = useQueryClient();
  const settings = useQuery<Settings>({ queryKey: queryKeys.notificationSettings, initialData: initial }).data;
  const save = useApiMutation(
    ({ kind, value }: { kind: Kind; value: boolean; previous: Settings }) => apiRequest<Settings>("PUT", "/api/profile/notifications", { [kind]: value }),
    {
      onSuccess: (saved) => {
        queryClient.setQueryData(queryKeys.notificationSettings, saved);
        toast.success("Notification settings saved.");
      },
      onError: (err, { previous }) => {
        queryClient.setQueryData(queryKeys.notificationSettings, previous);
        toast.error("Error", { description: withLimitMessage("Failed to save notification settings. Please try again.", err) });
      },
    },
  );
  const saving = save.isPending ? save.variables.kind : null;

  /** Shown at once, put back if the save fails. */
  const change = (kind: Kind, value: boolean) => {
    queryClient.setQueryData<Settings>(queryKeys.notificationSettings, { ...settings, [kind]: value });
    save.mutate({ kind, value, previous: settings });
  };

  return (
    <ProfileSection title="Notifications" description="E-mails about the people you share your ideas with and about your ideas' proofs.">
      <ul className="divide-y">
        {SWITCHES.map(({ kind, label, description }) => (
          <SettingRow
            key={kind}
            id={`notify-${kind}`}
            label={label}
            description={description}
            checked={settings[kind]}
            disabled={saving !== null}
            busy={saving === kind}
            onChange={(value) => change(kind, value)}
          />
        ))}
      </ul>
    </ProfileSection>
  );
}

type SettingRowProps = {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  busy: boolean;
  onChange: (value: boolean) => void;
};

/** One labelled switch with its description; the profile's settings all use it. */
export function SettingRow({ id, label, description, checked, disabled, busy, onChange }: SettingRowProps) {
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0 space-y-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-muted-foreground text-sm">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        aria-busy={busy || undefined}
        aria-describedby={`${id}-description`}
        onCheckedChange={onChange}
      />
    </li>
  );
}
