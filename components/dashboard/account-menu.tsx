"use client";

import * as React from "react";
import Link from "next/link";
import { LogOut, Settings } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { DashboardUser } from "@/components/dashboard/dashboard-header";

function logOut() {
  try {
    localStorage.removeItem("currentUser");
  } catch {
    // Storage may be unavailable; the server clears the session regardless.
  }
  // A full navigation on purpose: an API route that clears the session cookie and redirects, not a page.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/api/auth/logout");
}

/**
 * The account menu of the dashboard's header, loaded when its button is first reached (components/dashboard/
 * dashboard-header.tsx shows the button until then). It takes the button's place: `focus` gives the new trigger the
 * focus the stand-in had, `defaultOpen` opens it when the stand-in was already pressed.
 */
export function AccountMenu({ user, trigger, triggerClassName, focus, defaultOpen }: { user: DashboardUser; trigger: React.ReactNode; triggerClassName: string; focus: boolean; defaultOpen: boolean }) {
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  React.useEffect(() => {
    if (focus) triggerRef.current?.focus();
  }, [focus]);

  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its trigger stays focusable.
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger ref={triggerRef} className={triggerClassName}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate text-sm font-medium">{user.name || "User"}</p>
          <p className="text-muted-foreground truncate text-xs">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/profile">
            <Settings aria-hidden="true" />
            Profile Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={logOut}>
          <LogOut aria-hidden="true" />
          Log Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

