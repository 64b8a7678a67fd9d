import type { Metadata } from "next";
import Link from "next/link";

import { PageSection, StaticPage } from "@/components/marketing/static-page";

export const metadata: Metadata = {
  title: "Terms of Service",
  description: "The terms that apply when you use IdeaVault to store, timestamp and share ideas.",
};

export default function TermsPage() {
  return (
    <StaticPage
      title="Terms of Service"
      intro="These terms govern your use of IdeaVault. By creating an account or opening a shared idea, you agree to them. Please read them carefully."
    >
      <PageSection id="service" title="1. The service">
        <p>
          IdeaVault lets creators store unpublished ideas, publish them with a blockchain timestamp,
          and share them through access links that require recipients to identify themselves and
          accept a non-disclosure agreement (NDA) before viewing. Access for creators is by
          invitation only.
        </p>
      </PageSection>

      <PageSection id="accounts" title="2. Your account">
        <ul>
          <li>You must provide accurate information and keep your password confidential.</li>
          <li>You are responsible for all activity that happens under your account.</li>
          <li>
            Tell us immediately at <a href="mailto:security@ideavault.app">security@ideavault.app</a>{" "}
            if you suspect unauthorised access.
          </li>
        </ul>
      </PageSection>

      <PageSection id="ownership" title="3. Your ideas remain yours">
        <p>
          You keep all rights in the ideas and files you upload. You grant IdeaVault only the limited
          permission needed to store, encrypt, timestamp and display them to the recipients you
          choose. We do not claim ownership of, use or disclose your content for any other purpose.
        </p>
      </PageSection>

      <PageSection id="recipients" title="4. Recipients and NDAs">
        <p>
          Recipients must give truthful identification details and accept the NDA presented before
          viewing a shared idea. The NDA is an agreement between the creator and the recipient;
          IdeaVault records its acceptance but is not a party to it and does not enforce it on
          either side&apos;s behalf.
        </p>
      </PageSection>

      <PageSection id="timestamps" title="5. Blockchain timestamps">
        <p>
          Timestamps are created through OpenTimestamps by anchoring a SHA-256 hash of your idea in
          the Bitcoin blockchain. A timestamp is evidence that specific content existed at a given
          time. It is not a patent, a registered right or legal advice, and its weight in any dispute
          depends on the applicable law. Consider speaking to an intellectual-property professional
          about formal protection.
        </p>
      </PageSection>

      <PageSection id="acceptable-use" title="6. Acceptable use">
        <ul>
          <li>Do not upload content you have no right to share, or content that is unlawful.</li>
          <li>Do not attempt to bypass access controls, NDAs, view limits or link expiry.</li>
          <li>Do not probe, overload or disrupt the service or other users&apos; accounts.</li>
        </ul>
      </PageSection>

      <PageSection id="termination" title="7. Suspension and termination">
        <p>
          You may close your account at any time. We may suspend or terminate accounts that breach
          these terms, and will tell you why unless the law or an ongoing investigation prevents it.
        </p>
      </PageSection>

      <PageSection id="liability" title="8. Availability and liability">
        <p>
          We work hard to keep IdeaVault secure and available, but the service is provided &quot;as
          is&quot;. To the extent permitted by law, we are not liable for indirect or consequential
          losses, or for how recipients use information you choose to share with them. Nothing in
          these terms limits liability that cannot be limited by law.
        </p>
      </PageSection>

      <PageSection id="privacy" title="9. Privacy">
        <p>
          Our <Link href="/privacy-policy">Privacy Policy</Link> and{" "}
          <Link href="/data-handling">Data Handling (GDPR)</Link> pages explain how we process
          personal data.
        </p>
      </PageSection>

      <PageSection id="changes" title="10. Changes and contact">
        <p>
          We may update these terms and will notify account holders of material changes before they
          take effect. Questions? Write to{" "}
          <a href="mailto:hello@ideavault.app">hello@ideavault.app</a> or visit our{" "}
          <Link href="/contact">contact page</Link>.
        </p>
      </PageSection>
    </StaticPage>
  );
}
