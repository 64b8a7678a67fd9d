import Link from "next/link";
import { SearchX } from "lucide-react";

import { Button } from "@/components/ui/button";

/** An unknown idea, or another creator's (the server page answers 404 for both). */
export default function EditorIdeaNotFound() {
  return (
    <main id="main-content" className="mx-auto flex w-full max-w-5xl flex-1 flex-col items-center gap-4 px-4 py-16 text-center">
      <SearchX aria-hidden="true" className="text-muted-foreground size-10" />
      <h1 className="text-xl font-semibold">Idea not found</h1>
      <p className="text-muted-foreground max-w-sm text-sm">It may have been deleted, or it belongs to another account.</p>
      <Button asChild>
        <Link href="/dashboard">Back to Dashboard</Link>
      </Button>
    </main>
  );
}
