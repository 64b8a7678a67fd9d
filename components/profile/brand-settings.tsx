"use client";

import { useRef, useState, type FormEvent } from "react";
import { toast } from "@/client/toast";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { apiRequest, errorMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import { ProfileSection } from "@/components/profile/profile-section";
import { brandStyle, SenderBrandBar, type SenderBrandView } from "@/components/recipient/sender-brand";
import { readableForeground, readableOnWhite } from "@/lib/domain/brand/contrast";
import { ACCENT_INVALID, ACCENT_PATTERN, BRAND_NAME_MAX, LOGO_MAX_BYTES, LOGO_TOO_LARGE } from "@/lib/domain/validation/brand-limits";

export type BrandSettingsInfo = { displayName: string | null; accentColor: string | null; logoUrl: string | null };

/** The colour picker's value while no accent is set: the app's own primary, roughly. */
const PICKER_FALLBACK = "#2e3a59";

type FieldErrors = { displayName?: string; accentColor?: string; logo?: string };

/** A refusal of PUT /api/profile/brand, shown under the field it is about. */
function fieldOf(message: string): keyof FieldErrors {
  return message.startsWith("Accent colour") ? "accentColor" : "displayName";
}

/**
 * 'Brand' (GET/PUT /api/profile/brand, POST/DELETE /api/profile/brand/logo): the name, logo and accent colour the
 * owner's recipients see on every screen of a link and in the invitation and code e-mails. The logo is saved as soon
 * as it is chosen (or removed); the name and colour with Save. A preview shows the recipient's header as it will look.
 */
export function BrandSettings({ initial, accountName }: { initial: BrandSettingsInfo; accountName: string }) {
  const [displayName, setDisplayName] = useState(initial.displayName ?? "");
  const [accent, setAccent] = useState(initial.accentColor ?? "");
  const [logoUrl, setLogoUrl] = useState(initial.logoUrl);
  const [errors, setErrors] = useState<FieldErrors>({});
  const fileInput = useRef<HTMLInputElement>(null);

  const save = useApiMutation((body: { displayName: string | null; accentColor: string | null }) => apiRequest<BrandSettingsInfo>("PUT", "/api/profile/brand", body), {
    onSuccess: (saved) => {
      setDisplayName(saved.displayName ?? "");
      setAccent(saved.accentColor ?? "");
      toast.success("Brand saved.");
    },
    onError: (err) => {
      const message = errorMessage(err, "Failed to save the brand. Please try again.");
      setErrors({ [fieldOf(message)]: message });
    },
  });
  const upload = useApiMutation((form: FormData) => apiRequest<BrandSettingsInfo>("POST", "/api/profile/brand/logo", form), {
    onSuccess: (saved) => {
      setLogoUrl(saved.logoUrl);
      toast.success("Logo saved.");
    },
    onError: (err) => setErrors({ logo: errorMessage(err, "Failed to upload the logo. Please try again.") }),
  });
  const remove = useApiMutation(() => apiRequest<BrandSettingsInfo>("DELETE", "/api/profile/brand/logo"), {
    onSuccess: () => {
      setLogoUrl(null);
      toast.success("Logo removed.");
    },
    onError: (err) => setErrors({ logo: errorMessage(err, "Failed to remove the logo. Please try again.") }),
  });
  const busy = save.isPending || upload.isPending || remove.isPending;

  const chooseLogo = (file: File | undefined) => {
    if (!file) return;
    setErrors({});
    // The server checks the bytes; this only spares a doomed upload.
    if (file.size > LOGO_MAX_BYTES) {
      setErrors({ logo: LOGO_TOO_LARGE });
      return;
    }
    const form = new FormData();
    form.append("file", file);
    upload.mutate(form);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const hex = accent.trim();
    if (hex && !ACCENT_PATTERN.test(hex)) {
      setErrors({ accentColor: ACCENT_INVALID });
      return;
    }
    setErrors({});
    save.mutate({ displayName: displayName.trim() || null, accentColor: hex || null });
  };

  // The preview follows what is typed, with the text colour the server will choose.
  const previewAccent = ACCENT_PATTERN.test(accent.trim()) ? accent.trim().toLowerCase() : null;
  const preview = {
    displayName: displayName.trim() || accountName,
    accentColor: previewAccent,
    accentForeground: previewAccent && readableForeground(previewAccent),
    accentText: previewAccent && readableOnWhite(previewAccent),
    logoUrl,
  };

  return (
    <ProfileSection title="Brand" description="The name, logo and colour your recipients see on your links and in the e-mails they receive from you.">
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <FormField
          id="brand-display-name"
          label="Display name"
          hint={`Shown as the sender (at most ${BRAND_NAME_MAX} characters). Leave it empty to use your name, ${accountName}.`}
          error={errors.displayName}
        >
          {(control) => <Input {...control} value={displayName} maxLength={BRAND_NAME_MAX + 20} onChange={(e) => setDisplayName(e.target.value)} placeholder={accountName} />}
        </FormField>
        <FormField id="brand-accent" label="Accent colour" hint="Buttons and progress bars on your recipients' screens. Leave it empty for IdeaVault's colours." error={errors.accentColor}>
          {(control) => (
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label="Pick the accent colour"
                value={previewAccent ?? PICKER_FALLBACK}
                onChange={(e) => setAccent(e.target.value)}
                className="border-input h-9 w-12 shrink-0 cursor-pointer rounded-md border bg-transparent p-1"
              />
              <Input {...control} value={accent} onChange={(e) => setAccent(e.target.value)} placeholder="#1a73e8" spellCheck={false} autoComplete="off" className="font-mono" />
            </div>
          )}
        </FormField>
        <div className="grid gap-2">
          <span id="brand-logo-label" className="text-sm leading-none font-medium">
            Logo
          </span>
          <div className="flex flex-wrap items-center gap-2">
            {logoUrl ? (
              // eslint-disable-next-line @next/next/no-img-element -- the stored logo, same origin
              <img src={logoUrl} alt="Your logo" className="bg-muted h-12 w-auto max-w-40 rounded border object-contain" />
            ) : (
              <span className="text-muted-foreground text-sm">No logo</span>
            )}
            <Button type="button" variant="outline" disabled={busy} aria-describedby="brand-logo-hint" onClick={() => fileInput.current?.click()}>
              {logoUrl ? "Replace logo" : "Upload logo"}
            </Button>
            {logoUrl ? (
              <Button type="button" variant="ghost" disabled={busy} onClick={() => remove.mutate()}>
                Remove
              </Button>
            ) : null}
          </div>
          <p id="brand-logo-hint" className="text-muted-foreground text-xs">
            PNG, JPEG or WebP, at most 1 MB. Saved as soon as you choose it.
          </p>
          {errors.logo ? (
            <p id="brand-logo-error" role="alert" className="text-destructive text-sm">
              {errors.logo}
            </p>
          ) : null}
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            hidden
            tabIndex={-1}
            aria-labelledby="brand-logo-label"
            data-testid="brand-logo-input"
            onChange={(event) => {
              chooseLogo(event.currentTarget.files?.[0]);
              event.currentTarget.value = "";
            }}
          />
        </div>
        <BrandPreview brand={preview} />
        <Button type="submit" disabled={busy}>
          Save brand
        </Button>
      </form>
    </ProfileSection>
  );
}

/** The top of a recipient's screen as this brand makes it. */
function BrandPreview({ brand }: { brand: SenderBrandView }) {
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm font-medium">Preview</figcaption>
      <div data-testid="brand-preview" className="bg-muted/40 rounded-lg border p-4" style={brandStyle(brand)}>
        <SenderBrandBar brand={brand} className="mb-3" />
        <span aria-hidden="true" className="bg-primary text-primary-foreground inline-flex h-9 items-center rounded-md px-4 text-sm font-medium">
          Continue
        </span>
      </div>
    </figure>
  );
}
