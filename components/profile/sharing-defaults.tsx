"use client";

import { useState, type FormEvent } from "react";
import { toast } from "@/lib/client/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { apiRequest, errorMessage } from "@/lib/client/request";
import { splitList } from "@/components/share/share-form-model";
import { ProfileSection } from "@/components/profile/profile-section";

export type SharingDefaultsInfo = { blockedDomains: string[]; allowDownload: boolean; screenShield: boolean; expiryDays: number | null };

/**
 * 'Sharing defaults' (issue 17 §2): domains none of the owner's links opens to (competitors, for example), and what a
 * new link starts with on the share form. PUT /api/profile/sharing-defaults.
 */
export function SharingDefaults({ initial }: { initial: SharingDefaultsInfo }) {
  const [blocked, setBlocked] = useState(initial.blockedDomains.join(", "));
  const [allowDownload, setAllowDownload] = useState(initial.allowDownload);
  const [screenShield, setScreenShield] = useState(initial.screenShield);
  const [expiryDays, setExpiryDays] = useState(initial.expiryDays === null ? "" : String(initial.expiryDays));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const days = expiryDays.trim() === "" ? null : /^\d+$/.test(expiryDays.trim()) ? Number(expiryDays.trim()) : Number.NaN;
    setSaving(true);
    try {
      const saved = await apiRequest<SharingDefaultsInfo>("PUT", "/api/profile/sharing-defaults", {
        blockedDomains: splitList(blocked),
        allowDownload,
        screenShield,
        expiryDays: Number.isNaN(days) ? expiryDays : days,
      });
      setBlocked(saved.blockedDomains.join(", "));
      toast.success("Sharing defaults saved.");
    } catch (err) {
      setError(errorMessage(err, "Failed to save the sharing defaults. Please try again."));
    } finally {
      setSaving(false);
    }
  };

  return (
    <ProfileSection title="Sharing defaults" description="Who your links never open to, and how new links start.">
      <form noValidate onSubmit={(event) => void save(event)} className="space-y-4" aria-busy={saving}>
        <div className="space-y-2">
          <Label htmlFor="sharing-blocked-domains">Blocked domains</Label>
          <Input id="sharing-blocked-domains" value={blocked} onChange={(e) => setBlocked(e.target.value)} placeholder="competitor.com, rival.io" aria-describedby="sharing-blocked-domains-hint" />
          <p id="sharing-blocked-domains-hint" className="text-muted-foreground text-xs">
            Nobody with an address at these domains (or their subdomains) can open any of your links.
          </p>
        </div>
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
        <div className="space-y-2">
          <Label htmlFor="sharing-default-expiry">Time-limited links expire after (days)</Label>
          <Input id="sharing-default-expiry" type="number" inputMode="numeric" min={1} value={expiryDays} onChange={(e) => setExpiryDays(e.target.value)} placeholder="No default" />
        </div>
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
