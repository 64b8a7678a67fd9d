"use client";

import { useState, type FormEvent } from "react";
import { toast } from "@/client/toast";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { apiRequest, errorMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import { DEFAULT_EXPIRY_DAYS, SHARE_TYPE_CHOICES, splitList } from "@/components/share/share-form-values";
import type { ShareTypeValue } from "@/lib/domain/validation/share-types";
import { cn } from "@/client/utils";
import { ProfileSection } from "@/components/profile/profile-section";

export type SharingDefaultsInfo = { blockedDomains: string[]; allowDownload: boolean; screenShield: boolean; expiryDays: number; shareType: ShareTypeValue };

/**
 * 'Sharing defaults': domains none of the owner's links opens to (competitors, for example), and what a
 * new link starts with on the share form. PUT /api/profile/sharing-defaults.
 */
export function SharingDefaults({ initial }: { initial: SharingDefaultsInfo }) {
  const [blocked, setBlocked] = useState(initial.blockedDomains.join(", "));
  const [allowDownload, setAllowDownload] = useState(initial.allowDownload);
  const [screenShield, setScreenShield] = useState(initial.screenShield);
  const [shareType, setShareType] = useState<ShareTypeValue>(initial.shareType);
  const [expiryDays, setExpiryDays] = useState(String(initial.expiryDays ?? DEFAULT_EXPIRY_DAYS));
  const [error, setError] = useState<string | null>(null);
  const save = useApiMutation((body: Record<string, unknown>) => apiRequest<SharingDefaultsInfo>("PUT", "/api/profile/sharing-defaults", body), {
    onSuccess: (saved) => {
      setBlocked(saved.blockedDomains.join(", "));
      setExpiryDays(String(saved.expiryDays));
      toast.success("Sharing defaults saved.");
    },
    onError: (err) => setError(errorMessage(err, "Failed to save the sharing defaults. Please try again.")),
  });
  const saving = save.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const days = expiryDays.trim();
    // A malformed number (or none) goes as typed: the server's message names it.
    save.mutate({ blockedDomains: splitList(blocked), allowDownload, screenShield, shareType, expiryDays: /^\d+$/.test(days) ? Number(days) : days });
  };

  return (
    <ProfileSection title="Sharing defaults" description="Who your links never open to, and how new links start.">
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={saving}>
        <FormField id="sharing-blocked-domains" label="Blocked domains" hint="Nobody with an address at these domains (or their subdomains) can open any of your links.">
          {(control) => <Input {...control} value={blocked} onChange={(e) => setBlocked(e.target.value)} placeholder="competitor.com, rival.io" />}
        </FormField>
        <div className="flex items-center gap-3">
          <Switch id="sharing-default-download" checked={allowDownload} onCheckedChange={setAllowDownload} />
          <Label htmlFor="sharing-default-download" className="font-normal">
            Allow download on new links
          </Label>
        </div>
        <div className="flex items-center gap-3">
          <Switch id="sharing-default-shield" checked={screenShield} onCheckedChange={setScreenShield} />
          <Label htmlFor="sharing-default-shield" className="font-normal">
            Screen shield on new links
          </Label>
        </div>
        <FormField id="sharing-default-type" label="Default link type" hint="The type a new link starts with on the share screen.">
          {(control) => (
            <select
              {...control}
              value={shareType}
              onChange={(e) => setShareType(e.target.value as ShareTypeValue)}
              className={cn(
                "border-input bg-background h-9 w-full min-w-0 rounded-md border px-3 py-1 text-base shadow-xs outline-none md:text-sm",
                "focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px]",
              )}
            >
              {SHARE_TYPE_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="sharing-default-expiry" label="Expires after (days)" hint="A new time-limited link's expiry date is prefilled this many days ahead (1 to 365).">
          {(control) => (
            <Input {...control} type="number" inputMode="numeric" min={1} max={365} value={expiryDays} onChange={(e) => setExpiryDays(e.target.value)} />
          )}
        </FormField>
        {error ? (
          <p role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={saving}>
          Save sharing defaults
        </Button>
      </form>
    </ProfileSection>
  );
}
