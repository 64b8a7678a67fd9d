"use client";

import Link from "next/link";
import { ChevronDown, LogOut, Settings } from "lucide-react";
import { Logo } from "@/components/layout/logo";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

export type DashboardUser = { name: string; email: string; profileImage: string | null };

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || "User";
}

function initial(name: string): string {
  return name.trim().charAt(0).toUpperCase() || "U";
}

function logOut() {
  try {
    localStorage.removeItem("currentUser");
  } catch {
    // Storage may be unavailable; the server clears the session regardless.
  }
  window.location.assign("/api/auth/logout");
}

export function DashboardHeader({ user }: { user: DashboardUser }) {
  const greetingName = firstName(user.name);

  return (
    <header className="bg-background/95 supports-[backdrop-filter]:bg-background/80 sticky top-0 z-30 border-b backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6 lg:px-8">
        <div className="flex min-w-0 items-center gap-3 sm:gap-4">
          <Logo href="/" compact />
          <h1 className="truncate text-lg font-semibold sm:text-2xl">Idea Portfolio</h1>
        </div>

        <div className="flex shrink-0 items-center gap-2 sm:gap-3">
          <p className="text-muted-foreground max-w-[7rem] truncate text-sm sm:max-w-[12rem]">Hi {greetingName}</p>
          {/* Not modal: a modal menu hides the rest of the page with aria-hidden while its trigger stays focusable. */}
          <DropdownMenu modal={false}>
            {/* The name is the visible word 'Account' (sr-only on phones), the avatar is decoration (label-in-name). */}
            <DropdownMenuTrigger className="hover:bg-accent focus-visible:ring-ring flex items-center gap-2 rounded-full p-1 pr-2 text-sm font-medium focus-visible:ring-2 focus-visible:outline-none sm:rounded-md">
              <Avatar className="size-8" aria-hidden="true">
                {user.profileImage ? <AvatarImage src={user.profileImage} alt="" /> : null}
                <AvatarFallback>{initial(user.name)}</AvatarFallback>
              </Avatar>
              <span className="max-sm:sr-only">Account</span>
              <ChevronDown className="size-4" aria-hidden="true" />
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
        </div>
      </div>
    </header>
  );
}
