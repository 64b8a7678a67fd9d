import Link from "next/link";
import { CheckCircle2, Circle } from "lucide-react";

import type { FirstSteps } from "@/lib/domain/ideas/first-steps";

const STEPS: { key: keyof FirstSteps; title: string; hint: React.ReactNode }[] = [
  {
    key: "wrote",
    title: "Write or upload your idea",
    hint: (
      <>
        <Link href="/editor/new" className="font-medium underline underline-offset-4">
          Write one now
        </Link>{" "}
        or drop a PDF below.
      </>
    ),
  },
  { key: "published", title: "Publish it", hint: "Publishing stamps it on the Bitcoin blockchain, proof of the day it was yours." },
  { key: "shared", title: "Share it", hint: "Make a link from the idea's Share button." },
  { key: "opened", title: "Open your link in a private window", hint: "See what your reader sees, from their side." },
];

/**
 * The first-run checklist of a new account's dashboard (server-rendered, no script): each step ticks once the account
 * has done it (lib/domain/ideas/first-steps.ts), and the list goes once all four are done.
 */
export function FirstStepsChecklist({ steps }: { steps: FirstSteps }) {
  const done = STEPS.filter(({ key }) => steps[key]).length;
  if (done === STEPS.length) return null;
  return (
    <section aria-labelledby="first-steps-heading" className="bg-muted/40 mb-8 rounded-lg border p-4 sm:p-5">
      <h2 id="first-steps-heading" className="text-lg font-semibold">
        Your first steps
      </h2>
      <p className="text-muted-foreground text-sm">
        {done} of {STEPS.length} done
      </p>
      <ol className="mt-3 space-y-3">
        {STEPS.map(({ key, title, hint }) => (
          <li key={key} className="flex gap-3">
            {steps[key] ? (
              <CheckCircle2 aria-hidden="true" className="text-brand mt-0.5 size-5 shrink-0" />
            ) : (
              <Circle aria-hidden="true" className="text-muted-foreground mt-0.5 size-5 shrink-0" />
            )}
            <div className="min-w-0">
              <p className={steps[key] ? "text-muted-foreground font-medium line-through" : "font-medium"}>
                <span className="sr-only">{steps[key] ? "Done: " : "To do: "}</span>
                {title}
              </p>
              <p className="text-muted-foreground text-sm">{hint}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
