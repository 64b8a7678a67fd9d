"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";

type IntentLinkProps = Omit<React.ComponentProps<typeof Link>, "prefetch" | "href"> & { href: string };

/**
 * A link whose page (and its code) is fetched when the person shows they may follow it (pointer over it, focus,
 * touch), not as soon as it scrolls into view: a list of cards must not download the editor and the share screen
 * for every card on its first load.
 */
export function IntentLink({ href, onMouseEnter, onFocus, onTouchStart, ...props }: IntentLinkProps) {
  const router = useRouter();
  const prefetched = React.useRef(false);
  const prefetch = () => {
    if (prefetched.current) return;
    prefetched.current = true;
    router.prefetch(href);
  };
  return (
    <Link
      href={href}
      prefetch={false}
      onMouseEnter={(e) => {
        prefetch();
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        prefetch();
        onFocus?.(e);
      }}
      onTouchStart={(e) => {
        prefetch();
        onTouchStart?.(e);
      }}
      {...props}
    />
  );
}
