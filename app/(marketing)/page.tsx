import type { Metadata } from "next";
import { ShieldCheck } from "lucide-react";

import { SiteShell } from "@/components/layout/site-shell";
import { FeatureGrid } from "@/components/marketing/feature-grid";
import { LandingActions } from "@/components/marketing/landing-actions";
import { SignUpActions } from "@/components/marketing/sign-up-actions";
import { signUpOffer } from "@/lib/domain/auth/registration";

export const metadata: Metadata = {
  title: "IdeaVault — Share your idea, keep your property",
  description:
    "Share unpublished ideas safely with NDA-gated links, blockchain timestamps, recipient verification and customisable access controls.",
};

// What it offers depends on the instance (its first account, open registration or invitations): read per request.
export const dynamic = "force-dynamic";

export default async function LandingPage() {
  const offer = await signUpOffer();
  return (
    <SiteShell>
      <div className="mx-auto flex w-full max-w-6xl flex-col items-center gap-14 py-6 text-center sm:py-14">
        <section aria-labelledby="hero-heading" className="flex max-w-3xl flex-col items-center gap-6">
          <p className="inline-flex items-center gap-2 rounded-full border bg-accent px-3 py-1 text-xs font-medium text-accent-foreground">
            <ShieldCheck className="size-3.5 text-brand" aria-hidden="true" />
            {offer === "invite" ? "Invite only · " : ""}NDA protected · Blockchain timestamped
          </p>
          <h1
            id="hero-heading"
            className="text-4xl font-semibold tracking-tight text-balance text-brand sm:text-5xl lg:text-6xl"
          >
            Your idea is your property.
          </h1>
          <p className="max-w-2xl text-base leading-7 text-pretty text-muted-foreground sm:text-lg">
            IdeaVault lets inventors, founders and researchers share unpublished ideas without giving
            them away. Every reader signs an NDA first, every idea carries a blockchain timestamp, and
            you decide exactly who sees what, and for how long.
          </p>
          {offer === "invite" ? <LandingActions /> : <SignUpActions offer={offer} />}
        </section>

        <FeatureGrid />
      </div>
    </SiteShell>
  );
}
