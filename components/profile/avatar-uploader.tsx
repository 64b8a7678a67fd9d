"use client";

import { useEffect, useRef, useState } from "react";
import { Camera, Loader2Icon } from "lucide-react";
import { toast } from "@/client/toast";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { apiRequest, withLimitMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { ProfileImageResult } from "@/client/types";

type AvatarUploaderProps = {
  name: string;
  profileImage: string | null;
  onUploaded: (profileImage: string) => void;
};

/** The profile avatar with a 'Change Photo' overlay: previews the chosen image at once, then uploads it. */
export function AvatarUploader({ name, profileImage, onUploaded }: AvatarUploaderProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const send = useApiMutation((form: FormData) => apiRequest<ProfileImageResult | null>("POST", "/api/profile/image", form));

  // Free the object URL whenever the preview is replaced or the component goes away.
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const upload = async (file: File | undefined) => {
    if (!file || uploading) return;
    if (!file.type.startsWith("image/")) {
      toast.error("Invalid File Type", { description: "Please choose an image file." });
      return;
    }
    setPreview(URL.createObjectURL(file));
    setUploading(true);
    try {
      const form = new FormData();
      form.append("image", file);
      const data = await send.mutateAsync(form);
      const url = typeof data?.profileImage === "string" ? data.profileImage : null;
      if (!url) throw new Error("No profile image in the response");
      onUploaded(url);
      toast.success("Your profile image has been updated.");
    } catch (err) {
      toast.error("Error", { description: withLimitMessage("Failed to upload image. Please try again.", err) });
    } finally {
      setPreview(null);
      setUploading(false);
    }
  };

  const src = preview ?? profileImage;
  const initial = name.trim().charAt(0).toUpperCase() || "U";

  return (
    <div className="flex flex-col items-center gap-2">
      <div className="relative">
        <Avatar className="ring-border size-28 ring-2 sm:size-32">
          {src ? <AvatarImage key={src} src={src} alt="Profile photo" /> : null}
          <AvatarFallback className="text-brand text-4xl font-semibold">{initial}</AvatarFallback>
        </Avatar>
        {uploading ? (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/40">
            <Loader2Icon aria-hidden="true" className="size-8 animate-spin text-white" />
          </span>
        ) : null}
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          disabled={uploading}
          className="focus-visible:ring-ring/50 absolute inset-x-0 bottom-0 flex items-center justify-center gap-1 rounded-b-full bg-black/60 pt-1 pb-2 text-xs font-medium text-white outline-none hover:bg-black/75 focus-visible:ring-[3px] disabled:cursor-not-allowed disabled:opacity-70"
        >
          <Camera aria-hidden="true" className="size-3.5" />
          Change Photo
        </button>
      </div>
      <p role="status" aria-live="polite" className="text-muted-foreground min-h-5 text-sm">
        {uploading ? "Uploading image..." : ""}
      </p>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          void upload(event.currentTarget.files?.[0]);
          event.currentTarget.value = "";
        }}
      />
    </div>
  );
}
