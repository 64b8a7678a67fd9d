import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import "./globals.css";
import { AppToaster } from "@/components/app-toaster";
import { CookieBanner } from "@/components/cookie-banner";
import { COOKIE_CHOICE_SCRIPT } from "@/components/cookie-consent-early";
import { NONCE_HEADER } from "@/lib/platform/http/csp";

export const metadata: Metadata = {
  title: { default: "IdeaVault — share your idea safely", template: "%s | IdeaVault" },
  description:
    "Share unpublished ideas under NDA, with blockchain timestamps, recipient verification and access controls.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/**
 * Everything here ships with every page, the recipient screens included (first-load JavaScript at most
 * 1.3× a blank page): keep it to what every visitor needs. Tooltips get their provider where they are used
 * (the editor toolbar); the Toaster is its own chunk (components/app-toaster.tsx).
 */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page is rendered per request: proxy.ts gives each response a fresh CSP nonce, which Next.js puts on its
  // scripts while rendering. A page prerendered at build time would carry no nonce and none of its scripts would run.
  await connection();
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  // suppressHydrationWarning: the <head> script may mark <html> before hydration, and browsers hide a nonce's value.
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: COOKIE_CHOICE_SCRIPT }} />
      </head>
      <body className="min-h-screen">
        {children}
        <CookieBanner />
        <AppToaster />
      </body>
    </html>
  );
}
