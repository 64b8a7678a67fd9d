import type { Metadata, Viewport } from "next";
import "./globals.css";
import { Toaster } from "@/components/ui/sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import { CookieBanner } from "@/components/cookie-banner";

export const metadata: Metadata = {
  title: { default: "IdeaVault — share your idea safely", template: "%s | IdeaVault" },
  description:
    "Share unpublished ideas under NDA, with blockchain timestamps, recipient verification and access controls.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <TooltipProvider>
          {children}
          <CookieBanner />
          <Toaster />
        </TooltipProvider>
      </body>
    </html>
  );
}
