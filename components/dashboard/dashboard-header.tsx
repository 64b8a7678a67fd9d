"use client";

import * as React from "react";
import Link from "next/link";
import { Activity, ChevronDown } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { Logo } from "@/components/layout/logo";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";

// The menu's code (Radix's menu, layers, positioning) is not part of the dashboard's first load; it
// loads when the Account button is reached (hover, focus, press).
const loadAccountMenu = () => import("@/components/dashboard/account-menu");
type AccountMenuComponent = Awaited<ReturnType<typeof loadAccountMenu>>["AccountMenu"];
// The stand-in and the menu's trigger look the same.
const TRIGGER_CLASS =
  "hover:bg-accent focus-visible:ring-ring flex items-center gap-2 rounded-full p-1 pr-2 text-sm font-medium focus-visible:ring-2 focus-visible:outline-none sm:rounded-md";

export type DashboardUser = { name: string; email: string; profileImage: string | null };

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || "User";
}

function initial(name: string): string {
  return name.trim().charAt(0).toUpperCase() || "U";
}

export function DashboardHeader({ user }: { user: DashboardUser }) {
  const greetingName = firstName(user.name);
  // The stand-in button stays in place until the menu's code is here; then the menu takes its place, with the focus
  // the stand-in had, and open when the stand-in was pressed meanwhile.
  const [Menu, setMenu] = React.useState<{ component: AccountMenuComponent; focus: boolean; open: boolean } | null>(null);
  const standInRef = React.useRef<HTMLButtonElement>(null);
  const pressed = React.useRef(false);
  const loading = React.useRef(false);
  const want = (press: boolean) => {
    if (press) {
      pressed.current = true;
      // The code may have arrived already, its menu not yet in place (this stand-in still got the press): open it.
      setMenu((menu) => (menu && !menu.open ? { ...menu, open: true } : menu));
    }
    if (loading.current) return;
    loading.current = true;
    loadAccountMenu().then(
      (m) => setMenu({ component: m.AccountMenu, focus: document.activeElement === standInRef.current, open: pressed.current }),
      () => {
        loading.current = false; // the next approach loads again
      },
    );
  };
  // The visible word 'Account' names the button (sr-only on phones); the avatar is decoration (label-in-name).
  const triggerContent = (
    <>
      <Avatar className="size-8" aria-hidden="true">
        {user.profileImage ? <AvatarImage src={user.profileImage} alt="" /> : null}
        <AvatarFallback>{initial(user.name)}</AvatarFallback>
      </Avatar>
      <span className="max-sm:sr-only">Account</span>
      <ChevronDown className="size-4" aria-hidden="true" />
    </>
  );
  const standIn = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={TRIGGER_CLASS}
      ref={standInRef}
      onPointerEnter={() => want(false)}
      onFocus={() => want(false)}
      onPointerDown={() => want(true)}
      onClick={() => want(true)}
    >
      {triggerContent}
    </button>
  );

  return (
    <header className="bg-background/95 supports-[backdrop-filter]:bg-background/80 sticky top-0 z-30 border-b backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6 lg:px-8">
        <div className="flex min-w-0 items-center gap-3 sm:gap-4">
          <Logo href="/" compact />
          <h1 className="truncate text-lg font-semibold sm:text-2xl">Idea Portfolio</h1>
        </div>

        <div className="flex shrink-0 items-center gap-2 sm:gap-3">
          {/* Who is reading what, across every idea and link: the founder's morning screen. */}
          <Link href="/dashboard/activity" className={buttonVariants({ variant: "outline", size: "sm" })}>
            <Activity aria-hidden="true" />
            <span className="max-sm:sr-only">Activity</span>
          </Link>
          <p className="text-muted-foreground max-w-[7rem] truncate text-sm sm:max-w-[12rem]">Hi {greetingName}</p>
          {Menu ? (
            <Menu.component user={user} trigger={triggerContent} triggerClassName={TRIGGER_CLASS} focus={Menu.focus} defaultOpen={Menu.open} />
          ) : (
            standIn
          )}
        </div>
      </div>
    </header>
  );
}
