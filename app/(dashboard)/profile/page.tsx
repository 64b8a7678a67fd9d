import type { Metadata } from "next";
import type { ReactNode } from "react";
import { BackButton } from "@/components/layout/back-button";
import { Logo } from "@/components/layout/logo";
import { SiteFooter } from "@/components/layout/site-footer";
import { CertificateSettings } from "@/components/profile/certificate-settings";
import { ChangeEmail } from "@/components/profile/change-email";
import { ChangePassword } from "@/components/profile/change-password";
import { InviteSomeone } from "@/components/profile/invite-someone";
import { NotificationSettings } from "@/components/profile/notification-settings";
import { ProfileForm } from "@/components/profile/profile-form";
import { DataExport } from "@/components/profile/data-export";
import { DeleteAccount } from "@/components/profile/delete-account";
import { SharingDefaults } from "@/components/profile/sharing-defaults";
import { BrandSettings } from "@/components/profile/brand-settings";
import { getBrandSettings } from "@/lib/domain/brand";
import { Agreements } from "@/components/profile/agreements";
import { Webhooks } from "@/components/profile/webhooks";
import { ProfileSectionNav, type ProfileNavItem } from "@/components/profile/profile-section-nav";
import { currentSessionSignedInAt, requirePageUser } from "@/lib/domain/auth/session";
import { deletionRequirements } from "@/lib/features/account/delete";
import { getNotificationSettings } from "@/lib/domain/notifications/settings";
import { getProfile } from "@/lib/features/profile";
import { getEnv } from "@/lib/platform/env";
import { getSharingDefaults } from "@/lib/features/profile/sharing-defaults";
import { HydrationBoundary } from "@tanstack/react-query";
import { listAgreements } from "@/lib/domain/agreements";
import { queryKeys } from "@/client/query-client";
import { loadedQueries } from "@/client/query-state";
import { listWebhooks } from "@/lib/domain/webhooks/endpoints";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Profile Settings" };

export default async function ProfilePage() {
  const user = await requirePageUser();
  const [notifications, profile, sharing, deletion, agreements, webhooks, brand] = await Promise.all([
    getNotificationSettings(user.id),
    getProfile(user.id),
    getSharingDefaults(user.id),
    currentSessionSignedInAt().then((signedInAt) => deletionRequirements(user.id, signedInAt)),
    listAgreements(user.id),
    listWebhooks(user.id),
    getBrandSettings(user.id),
  ]);
  // The agreements and webhooks lists come with the page, not in a second round trip after it.
  const loaded = loadedQueries([
    [queryKeys.agreements, agreements],
    [queryKeys.webhooks, webhooks],
  ]);

  // One list makes both the sections and their table of contents, in the order a new owner needs them.
  const sections: (ProfileNavItem & { content: ReactNode })[] = [
    { id: "profile", label: "Profile", content: <ProfileForm initialUser={profile} canChangeEmail={deletion.hasPassword} /> },
    ...(deletion.hasPassword
      ? [
          { id: "change-email", label: "Change e-mail", content: <ChangeEmail currentEmail={profile.email} /> },
          { id: "password", label: "Change password", content: <ChangePassword /> },
        ]
      : []),
    { id: "brand", label: "Brand", content: <BrandSettings initial={brand} accountName={profile.name} /> },
    { id: "sharing-defaults", label: "Sharing defaults", content: <SharingDefaults initial={sharing} /> },
    { id: "agreements", label: "Agreements", content: <Agreements /> },
    { id: "certificates", label: "NDA certificates", content: <CertificateSettings initialUser={profile} /> },
    { id: "notifications", label: "Notifications", content: <NotificationSettings initial={notifications} /> },
    { id: "webhooks", label: "Webhooks", content: <Webhooks /> },
    ...(getEnv().REGISTRATION_MODE === "invite" ? [{ id: "invite", label: "Invite someone", content: <InviteSomeone /> }] : []),
    { id: "your-data", label: "Your data", content: <DataExport /> },
    {
      id: "delete-account",
      label: "Delete account",
      content: <DeleteAccount hasPassword={deletion.hasPassword} providers={deletion.providers} freshSignIn={deletion.freshSignIn} />,
    },
  ];

  return (
    <>
      <header className="bg-background/95 supports-[backdrop-filter]:bg-background/80 sticky top-0 z-30 border-b backdrop-blur">
        <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-3 sm:gap-4 sm:px-6 lg:px-8">
          <BackButton href="/dashboard" size="sm" />
          <h1 className="min-w-0 flex-1 truncate text-lg font-semibold sm:text-2xl">Profile Settings</h1>
          <Logo href="/" className="hidden sm:inline-flex" />
        </div>
      </header>
      <main id="main-content" className="mx-auto w-full max-w-7xl flex-1 px-4 py-4 sm:px-6 sm:py-6 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8 lg:px-8">
        <ProfileSectionNav items={sections.map(({ id, label }) => ({ id, label }))} />
        <div>
          <HydrationBoundary state={loaded}>
            {sections.map(({ id, content }) => (
              // The anchor clears the sticky header when a link of the table of contents scrolls to it.
              <div key={id} id={id} className="scroll-mt-16">
                {content}
              </div>
            ))}
          </HydrationBoundary>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
