"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { startTransition } from "react";

import { Button } from "@/components/ui/button";

/** The idea could not be loaded (the server logged why): try again, or go back. */
export default function EditorLoadError({ reset }: { error: Error; reset: () => void }) {
  const router = useRouter();
  const retry = () =>
    startTransition(() => {
      router.refresh(); // loads the server page again
      reset();
    });

  return (
    <main id="main-content" className="mx-auto flex w-full max-w-5xl flex-1 flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-xl font-semibold">Could not load this idea</h1>
      <div className="flex flex-wrap justify-center gap-2">
        <Button type="button" variant="outline" onClick={retry}>
          Try again
        </Button>
        <Button asChild>
          <Link href="/dashboard">Back to Dashboard</Link>
        </Button>
      </div>
    </main>
  );
}
