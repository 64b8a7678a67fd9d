import * as React from "react";
import { Loader2Icon } from "lucide-react";

import { cn } from "@/client/utils";

type SpinnerProps = Omit<React.ComponentProps<"span">, "children"> & {
  /** Text announced to screen readers (visually hidden). */
  label?: string;
  /** Classes for the icon itself, e.g. a size such as `size-6`. */
  iconClassName?: string;
};

function Spinner({ className, iconClassName, label = "Loading...", ...props }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-live="polite"
      data-slot="spinner"
      className={cn("inline-flex items-center justify-center", className)}
      {...props}
    >
      <Loader2Icon aria-hidden="true" className={cn("size-4 animate-spin", iconClassName)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export { Spinner };
export type { SpinnerProps };
