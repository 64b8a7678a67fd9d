import type { ReactNode } from "react";
import { SiteShell } from "@/components/layout/site-shell";
import { Card } from "@/components/ui/card";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <SiteShell showBack className="flex flex-col">
      <div className="flex flex-1 items-center justify-center py-2 sm:py-6">
        <Card className="w-full max-w-md">{children}</Card>
      </div>
    </SiteShell>
  );
}
