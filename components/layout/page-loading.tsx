import { Spinner } from "@/components/ui/spinner";

/** The route-level loading state (loading.tsx) while a server page is rendered. */
export function PageLoading({ text }: { text: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center gap-2 text-muted-foreground">
      <Spinner label={text} />
      <span aria-hidden="true">{text}</span>
    </div>
  );
}
