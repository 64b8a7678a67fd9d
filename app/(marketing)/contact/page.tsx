import type { Metadata } from "next";
import Link from "next/link";
import type { LucideIcon } from "lucide-react";
import { Clock, LifeBuoy, Mail, ShieldCheck } from "lucide-react";

import { PageSection, StaticPage } from "@/components/marketing/static-page";

export const metadata: Metadata = {
  title: "Contact",
  description: "Reach IdeaVault support, general inquiries or our security team.",
};

interface Contact {
  title: string;
  email: string;
  description: string;
  icon: LucideIcon;
}

const CONTACTS: Contact[] = [
  {
    title: "Support",
    email: "support@ideavault.app",
    description:
      "Help with your account, sharing links, NDAs, PDF uploads or blockchain timestamp proofs.",
    icon: LifeBuoy,
  },
  {
    title: "General Inquiries",
    email: "hello@ideavault.app",
    description: "Invitations, partnerships, press and anything else you would like to ask us.",
    icon: Mail,
  },
  {
    title: "Security",
    email: "security@ideavault.app",
    description:
      "Report a vulnerability or suspected misuse of a share link. Please do not include sensitive idea content.",
    icon: ShieldCheck,
  },
];

export default function ContactPage() {
  return (
    <StaticPage
      title="Contact us"
      intro="We're a small team that cares about keeping your ideas safe. Pick the address that fits your question and we'll get back to you."
    >
      <section aria-label="Support contacts">
        <ul className="grid gap-4 sm:grid-cols-3">
          {CONTACTS.map(({ title, email, description, icon: Icon }) => (
            <li key={email} className="flex flex-col gap-3 rounded-xl border bg-card p-5 shadow-xs">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-lg bg-accent text-brand"
              >
                <Icon className="size-5" />
              </span>
              <h2 className="font-semibold tracking-tight">{title}</h2>
              <p className="flex-1 text-sm leading-6 text-muted-foreground">{description}</p>
              <a
                href={`mailto:${email}`}
                className="text-sm font-medium break-all text-brand underline underline-offset-4 hover:no-underline"
              >
                {email}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <p className="flex items-start gap-2 rounded-lg border bg-muted p-4 text-sm text-foreground">
        <Clock className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden="true" />
        <span>Support typically responds within 24 hours.</span>
      </p>

      <PageSection id="before-you-write" title="Before you write">
        <ul>
          <li>
            Include the email address of your IdeaVault account so we can find it quickly. Never send
            your password.
          </li>
          <li>
            For a problem with a specific share link, tell us the idea title and roughly when the
            link was created rather than pasting the idea itself.
          </li>
          <li>
            Privacy and data-protection requests are handled as described in our{" "}
            <Link href="/privacy-policy">Privacy Policy</Link>.
          </li>
        </ul>
      </PageSection>
    </StaticPage>
  );
}
