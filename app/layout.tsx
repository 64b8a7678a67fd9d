import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
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
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page is rendered per request: proxy.ts gives each response a fresh CSP nonce, which Next.js puts on its
  // scripts while rendering. A page prerendered at build time would carry no nonce and none of its scripts would run.
  await connection();
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
