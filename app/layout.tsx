import type { Metadata, Viewport } from "next";
import "./globals.css";
import { AppToaster } from "@/components/app-toaster";
import { CookieBanner } from "@/components/cookie-banner";

export const metadata: Metadata = {
  title: { default: "IdeaVault — share your idea safely", template: "%s | IdeaVault" },
  description:
    "Share unpublished ideas under NDA, with blockchain timestamps, recipient verification and access controls.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/**
 * Everything here ships with every page, the recipient screens included (issue 7 §4: first-load JavaScript at most
 * 1.3× a blank page): keep it to what every visitor needs. Tooltips get their provider where they are used
 * (the editor toolbar); the Toaster is its own chunk (components/app-toaster.tsx).
 */
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        {children}
        <CookieBanner />
        <AppToaster />
      </body>
    </html>
  );
}
