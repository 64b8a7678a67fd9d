import { CircleCheck, CircleX } from "lucide-react";

export type RecipientEnding = { kind: "declined" | "closed"; title: string; sender: string; oneTime: boolean };

/** The words of the end screen: who shared what, and what happened — never the marketing page. */
export function endingText(e: RecipientEnding) {
  return e.kind === "declined"
    ? { heading: "Agreement declined", line: `You declined to view '${e.title}' shared by ${e.sender}. Nothing was shared with you.` }
    : { heading: "Document closed", line: `You closed '${e.title}' shared by ${e.sender}.` };
}

/**
 * Where Decline and Close end: a screen naming the idea and its sender. The title is no secret here: the
 * recipient was shown it (and the sender) on the agreement step already (SPEC §2 'Agreement').
 */
export function EndScreen({ ending }: { ending: RecipientEnding }) {
  const { heading, line } = endingText(ending);
  const Icon = ending.kind === "declined" ? CircleX : CircleCheck;
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <section aria-labelledby="recipient-end-title" data-slot="recipient-end" className="w-full max-w-md rounded-xl border bg-background p-6 text-center shadow-sm sm:p-8">
        <Icon aria-hidden="true" className="mx-auto mb-4 size-12 text-muted-foreground" />
        <h1 id="recipient-end-title" className="text-2xl font-bold">
          {heading}
        </h1>
        <p className="mt-2 break-words">{line}</p>
        <p className="mt-2 text-sm text-muted-foreground">
          {ending.kind === "closed" && ending.oneTime
            ? "This was a one-time link: it cannot be opened again."
            : ending.kind === "closed"
              ? "To read it again, open the link you were sent."
              : "You can close this window."}
        </p>
      </section>
    </div>
  );
}
