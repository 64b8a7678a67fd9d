"use client";

import type { ReactNode } from "react";
import { cn } from "@/client/utils";
import { Separator } from "@/components/ui/separator";
import { Button } from "@/components/ui/button";

export type SocialProviderFlags = { google: boolean; github: boolean; twitter: boolean };

type ProviderId = keyof SocialProviderFlags;

const PROVIDERS: { id: ProviderId; name: string; icon: ReactNode }[] = [
  {
    id: "google",
    name: "Google",
    icon: (
      <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
        <path fill="#EA4335" d="M12 10.2v3.9h5.5c-.24 1.4-1.7 4.1-5.5 4.1-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.4 14.6 2.4 12 2.4 6.7 2.4 2.4 6.7 2.4 12s4.3 9.6 9.6 9.6c5.5 0 9.2-3.9 9.2-9.4 0-.6-.1-1.1-.2-1.6H12z" />
      </svg>
    ),
  },
  {
    id: "github",
    name: "GitHub",
    icon: (
      <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
        <path d="M12 .5a11.5 11.5 0 0 0-3.64 22.41c.58.1.79-.25.79-.56v-2c-3.2.7-3.88-1.37-3.88-1.37-.52-1.33-1.28-1.68-1.28-1.68-1.04-.71.08-.7.08-.7 1.16.08 1.77 1.19 1.77 1.19 1.03 1.76 2.7 1.25 3.36.96.1-.75.4-1.25.73-1.54-2.56-.29-5.25-1.28-5.25-5.69 0-1.26.45-2.29 1.19-3.1-.12-.29-.52-1.46.11-3.05 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.63 1.59.23 2.76.11 3.05.74.81 1.19 1.84 1.19 3.1 0 4.42-2.7 5.39-5.27 5.68.41.36.78 1.06.78 2.14v3.17c0 .31.21.67.8.56A11.5 11.5 0 0 0 12 .5z" />
      </svg>
    ),
  },
  {
    id: "twitter",
    name: "X",
    icon: (
      <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
        <path d="M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.66l-5.21-6.82-5.97 6.82H1.67l7.73-8.84L1.25 2.25h6.83l4.71 6.23 5.45-6.23zm-1.16 17.52h1.83L7.08 4.13H5.12l11.96 15.64z" />
      </svg>
    ),
  },
];

type SocialButtonsProps = {
  providers: SocialProviderFlags;
  /** Must already be a safe, same-origin relative path. */
  callbackUrl?: string;
  disabled?: boolean;
};

/** The configured providers only: a button that can only answer "not configured" is not offered (none: no section). */
export function SocialButtons({ providers, callbackUrl = "/dashboard", disabled }: SocialButtonsProps) {
  const offered = PROVIDERS.filter(({ id }) => providers[id]);
  if (offered.length === 0) return null;
  // next-auth's client (~9 KB) is fetched on the click, not with the page.
  const signInWith = (id: ProviderId) => void import("next-auth/react").then(({ signIn }) => signIn(id, { callbackUrl }));

  return (
    <>
      <div className="flex items-center gap-3">
        <Separator className="flex-1" />
        <span className="text-muted-foreground text-xs uppercase">or continue with</span>
        <Separator className="flex-1" />
      </div>
      <div className={cn("grid gap-2", offered.length === 1 ? "grid-cols-1" : offered.length === 2 ? "grid-cols-2" : "grid-cols-3")} role="group" aria-label="Sign in with a social account">
        {offered.map(({ id, name, icon }) => (
          <Button key={id} type="button" variant="outline" disabled={disabled} onClick={() => signInWith(id)} title={`Continue with ${name}`} className="w-full">
            {icon}
            <span>{name}</span>
          </Button>
        ))}
      </div>
    </>
  );
}
