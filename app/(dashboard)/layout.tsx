import type { ReactNode } from "react";

import { TooltipProvider } from "@/components/ui/tooltip";

/** The creator's screens are where tooltips live (the editor toolbar): one provider shares the spec's delays. */
export default function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider>
      <div className="flex min-h-screen flex-col">{children}</div>
    </TooltipProvider>
  );
}
