import { Spinner } from "@/components/ui/spinner";

/**
 * The route-level loading state (loading.tsx) while a server page is rendered. It stands in for the page, main
 * landmark included (the page brings its own once it is there).
 */
export function PageLoading({ text }: { text: string }) {
  return (
    <main id="main-content" className="flex min-h-[50vh] flex-1 items-center justify-center gap-2 text-muted-foreground">
      <Spinner label={text} />
      <span aria-hidden="true">{text}</span>
    </main>
  );
}
