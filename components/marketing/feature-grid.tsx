import type { LucideIcon } from "lucide-react";
import { FilePen, SlidersHorizontal, Stamp, UserCheck } from "lucide-react";

interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
}

const FEATURES: Feature[] = [
  {
    title: "NDA agreements",
    description:
      "Every recipient reads and accepts a non-disclosure agreement before a single word of your idea is revealed.",
    icon: FilePen,
  },
  {
    title: "Blockchain timestamping",
    description:
      "Published ideas are anchored to the Bitcoin blockchain via OpenTimestamps, giving you independent proof of when your idea existed.",
    icon: Stamp,
  },
  {
    title: "Recipient verification & tracking",
    description:
      "Recipients identify themselves with their name and email. You see who opened your idea, when, and how often.",
    icon: UserCheck,
  },
  {
    title: "Customisable access controls",
    description:
      "Choose one-time, time-limited, full-access or email-restricted links, with optional expiry dates and view limits.",
    icon: SlidersHorizontal,
  },
];

export function FeatureGrid() {
  return (
    <section aria-labelledby="features-heading" className="w-full">
      <h2 id="features-heading" className="sr-only">
        What IdeaVault gives you
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ title, description, icon: Icon }) => (
          <li
            key={title}
            className="flex flex-col gap-3 rounded-xl border bg-card p-5 text-left text-card-foreground shadow-xs"
          >
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-lg bg-accent text-brand"
            >
              <Icon className="size-5" />
            </span>
            <h3 className="font-semibold tracking-tight">{title}</h3>
            <p className="text-sm leading-6 text-muted-foreground">{description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
