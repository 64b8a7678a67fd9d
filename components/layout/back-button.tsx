"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { ArrowLeft } from "lucide-react";

import { Button } from "@/components/ui/button";

type BackButtonProps = Omit<React.ComponentProps<typeof Button>, "onClick" | "children"> & {
  /** When set, always navigates to this href instead of going back in history. */
  href?: string;
  /** Visible label; defaults to 'Back'. */
  label?: string;
};

/** Goes back in history, or to /dashboard when there is no history (or to `href` when given). */
function BackButton({ href, label = "Back", variant = "ghost", type = "button", ...props }: BackButtonProps) {
  const router = useRouter();

  const handleClick = React.useCallback(() => {
    if (href) {
      router.push(href);
    } else if (window.history.length > 1) {
      router.back();
    } else {
      router.push("/dashboard");
    }
  }, [href, router]);

  return (
    <Button data-slot="back-button" type={type} variant={variant} onClick={handleClick} {...props}>
      <ArrowLeft aria-hidden="true" />
      {label}
    </Button>
  );
}

export { BackButton };
export type { BackButtonProps };
