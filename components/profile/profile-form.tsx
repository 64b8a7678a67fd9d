"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import { profileSchema, type ProfileInput } from "@/lib/validation/auth";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Separator } from "@/components/ui/separator";
import { Spinner } from "@/components/ui/spinner";
import { AvatarUploader } from "@/components/profile/avatar-uploader";
import { LogoutButton } from "@/components/profile/logout-button";

type Profile = { name: string; email: string; profileImage: string | null };

function toProfile(data: unknown, fallback?: Profile): Profile {
  const obj = data && typeof data === "object" ? (data as Record<string, unknown>) : {};
  const str = (key: string) => (typeof obj[key] === "string" ? (obj[key] as string) : undefined);
  return {
    name: str("name") ?? fallback?.name ?? "",
    email: str("email") ?? fallback?.email ?? "",
    profileImage: str("profileImage") ?? (obj.profileImage === null ? null : (fallback?.profileImage ?? null)),
  };
}

/** Merges fields into the locally stored `currentUser`; storage problems are not the user's concern. */
function updateStoredUser(patch: Partial<Profile>) {
  try {
    const raw = localStorage.getItem("currentUser");
    const current: unknown = raw ? JSON.parse(raw) : {};
    const base = current && typeof current === "object" ? current : {};
    localStorage.setItem("currentUser", JSON.stringify({ ...base, ...patch }));
  } catch {
    // Unavailable or corrupt storage: the server holds the truth.
  }
}

export function ProfileForm() {
  const router = useRouter();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [saving, setSaving] = useState(false);
  const { register, handleSubmit, reset, formState: { errors } } = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: "", email: "" },
  });

  useEffect(() => {
    let active = true;
    fetch("/api/auth/me", { credentials: "include", cache: "no-store" })
      .then(async (res) => {
        if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
        const loaded = toProfile(await res.json());
        if (!active) return;
        setProfile(loaded);
        reset({ name: loaded.name, email: loaded.email });
      })
      .catch(() => {
        if (active) router.replace("/login");
      });
    return () => {
      active = false;
    };
  }, [reset, router]);

  if (!profile) {
    return (
      <p role="status" className="text-muted-foreground py-16 text-center">
        Loading profile...
      </p>
    );
  }

  const onSubmit = async ({ name }: ProfileInput) => {
    setSaving(true);
    try {
      const res = await fetch("/api/profile", {
        method: "PUT",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name, email: profile.email }),
      });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
      const saved = toProfile(await res.json().catch(() => null), { ...profile, name });
      setProfile(saved);
      reset({ name: saved.name, email: saved.email });
      updateStoredUser({ name: saved.name, profileImage: saved.profileImage });
      toast.success("Your profile has been updated successfully.");
      router.refresh();
    } catch {
      toast.error("Error", { description: "Failed to update profile. Please try again." });
    } finally {
      setSaving(false);
    }
  };

  const onImageUploaded = (profileImage: string) => {
    setProfile((prev) => (prev ? { ...prev, profileImage } : prev));
    updateStoredUser({ profileImage });
    router.refresh();
  };

  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardContent className="space-y-6 px-4 sm:px-6">
        <AvatarUploader name={profile.name} profileImage={profile.profileImage} onUploaded={onImageUploaded} />

        <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor="profile-name">Name</Label>
            <Input
              id="profile-name"
              autoComplete="name"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? "profile-name-error" : undefined}
              {...register("name")}
            />
            {errors.name ? (
              <p id="profile-name-error" className="text-destructive text-sm">
                {errors.name.message}
              </p>
            ) : null}
          </div>

          <div className="space-y-2">
            <Label htmlFor="profile-email">Email</Label>
            <Input id="profile-email" type="email" value={profile.email} disabled readOnly aria-describedby="profile-email-note" />
            <p id="profile-email-note" className="text-muted-foreground text-sm">
              Email cannot be changed
            </p>
          </div>

          <Button type="submit" className="w-full sm:w-auto" disabled={saving} aria-busy={saving}>
            {saving ? <Spinner label="Saving..." /> : null}
            Save Changes
          </Button>
        </form>

        <Separator />

        <LogoutButton />
      </CardContent>
    </Card>
  );
}
