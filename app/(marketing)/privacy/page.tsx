import type { Metadata } from "next";
import Link from "next/link";

import { PageSection, StaticPage } from "@/components/marketing/static-page";

export const metadata: Metadata = {
  title: "Privacy Notice",
  description: "A short summary of how IdeaVault handles your personal data.",
};

export default function PrivacyNoticePage() {
  return (
    <StaticPage
      title="Privacy Notice"
      intro="A short summary of how IdeaVault treats your personal data. The full details are in our Privacy Policy."
    >
      <PageSection id="summary" title="In short">
        <ul>
          <li>
            We collect only what we need: your name, email and password for your account, and the
            ideas you choose to store.
          </li>
          <li>
            Recipients of your share links give their name, email and optionally a phone number, and
            accept an NDA. Their views are recorded so you know who has seen your idea.
          </li>
          <li>
            The content of your ideas and every file you upload are encrypted at rest with AES-256;
            everything travels encrypted in transit with TLS.
          </li>
          <li>
            Blockchain timestamps use only a SHA-256 hash of your idea. Your content never leaves
            IdeaVault.
          </li>
          <li>We never sell personal data and we don&apos;t use advertising trackers.</li>
          <li>
            You can access, correct or delete your data at any time by writing to{" "}
            <a href="mailto:privacy@ideavault.app">privacy@ideavault.app</a>.
          </li>
        </ul>
      </PageSection>

      <PageSection id="full-policy" title="Read the full policy">
        <p>
          Our <Link href="/privacy-policy">Privacy Policy</Link> covers cookies, data retention,
          breach notification and your rights in detail. For lawful bases and the processors we use,
          see <Link href="/data-handling">Data Handling (GDPR)</Link>.
        </p>
      </PageSection>
    </StaticPage>
  );
}
