import type { ReactNode } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import { EmailVerificationBanner } from "@/components/auth/email-verification-banner";
import { getCurrentUser } from "@/lib/domain/auth/session";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  // The pages themselves send a signed-out visitor to /login; this only reads the same (cached) user.
  const user = await getCurrentUser();
  return (
    <QueryProvider>
      <div className="flex min-h-screen flex-col">
        {user && !user.emailVerified ? <EmailVerificationBanner email={user.email} /> : null}
        {children}
      </div>
    </QueryProvider>
  );
}
