import { cn } from "@/client/utils";

/** A native <select> styled as the app's inputs (keyboard and screen readers get the browser's own control). */
export const nativeSelectClass = cn(
  "border-input dark:bg-input/30 h-9 w-full rounded-md border bg-transparent px-3 text-base shadow-xs outline-none md:text-sm",
  "focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px]",
);
