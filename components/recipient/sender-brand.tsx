import type { CSSProperties, ReactNode } from "react";
import { cn } from "@/client/utils";

/** What a recipient screen shows of its sender (lib/domain/brand SenderBrand, or the profile's live preview). */
export type SenderBrandView = {
  displayName: string;
  accentColor: string | null;
  accentForeground: string | null;
  /** The accent as text on the page (links): at least 4.5:1 on white, darkened from the accent when it is light. */
  accentText: string | null;
  logoUrl: string | null;
};

/**
 * The sender's accent as the theme's primary colour: buttons and progress cues use --primary, and the text on them
 * --primary-foreground (black or white, chosen on the server for at least 4.5:1). Text in the accent on the page
 * itself (links: text-primary-text) uses --primary-text, which a light accent would leave unreadable on white, so it
 * is the accent darkened to 4.5:1. No accent: the app's own colours.
 */
export function brandStyle(brand: SenderBrandView | null): CSSProperties | undefined {
  if (!brand?.accentColor || !brand.accentForeground) return undefined;
  return {
    "--primary": brand.accentColor,
    "--primary-foreground": brand.accentForeground,
    ...(brand.accentText ? { "--primary-text": brand.accentText } : {}),
  } as CSSProperties;
}

/** The sender's logo and display name, on top of every recipient screen. */
export function SenderBrandBar({ brand, className }: { brand: SenderBrandView; className?: string }) {
  return (
    <div data-slot="sender-brand" className={cn("mb-4 flex min-w-0 items-center gap-3", className)}>
      {brand.logoUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- a small same-origin PNG; next/image would add client code
        <img src={brand.logoUrl} alt={brand.displayName} className="h-10 w-auto max-w-40 shrink-0 object-contain sm:h-12" />
      ) : null}
      {/* With a logo its alt text already names the sender for screen readers. */}
      <span aria-hidden={brand.logoUrl ? true : undefined} className="min-w-0 truncate text-base font-semibold">
        {brand.displayName}
      </span>
    </div>
  );
}

/** A recipient screen in its sender's colours, under the sender's logo and name (nothing when the link shows no one). */
export function BrandedRecipientScreen({ brand, children }: { brand: SenderBrandView | null; children: ReactNode }) {
  if (!brand) return <>{children}</>;
  return (
    <div data-slot="branded-screen" style={brandStyle(brand)}>
      <SenderBrandBar brand={brand} />
      {children}
    </div>
  );
}
