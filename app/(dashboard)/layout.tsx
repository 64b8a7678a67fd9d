import type { ReactNode } from "react";
import { QueryProvider } from "@/components/providers/query-provider";

export default function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <div className="flex min-h-screen flex-col">{children}</div>
    </QueryProvider>
  );
}
