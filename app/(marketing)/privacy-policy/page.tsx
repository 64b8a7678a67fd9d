import type { Metadata } from "next";
import Link from "next/link";

import { PrivacyRightsAndSecurity } from "@/components/marketing/privacy-policy-rights";
import { PageSection, StaticPage } from "@/components/marketing/static-page";

export const metadata: Metadata = {
  title: "Privacy Policy",
  description:
    "How IdeaVault collects, uses and protects the personal data of creators, recipients and waitlist members.",
};

export default function PrivacyPolicyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      intro="IdeaVault is built to protect unpublished ideas, and we hold the personal data around them to the same standard. This policy explains what we collect, why, and the choices you have."
    >
      <PageSection id="contacts" title="Who we are and how to reach us">
        <p>
          IdeaVault is the controller of the personal data described in this policy. For any privacy
          question or request, contact us at:
        </p>
        <ul>
          <li>
            <strong>Privacy team:</strong>{" "}
            <a href="mailto:privacy@ideavault.app">privacy@ideavault.app</a>
          </li>
          <li>
            <strong>Data Protection Officer:</strong>{" "}
            <a href="mailto:dpo@ideavault.app">dpo@ideavault.app</a>
          </li>
        </ul>
      </PageSection>

      <PageSection id="data-we-collect" title="What we collect">
        <ul>
          <li>
            <strong>Creators (account holders):</strong> name, email address, a securely hashed
            password, an optional profile image, and the ideas, PDFs, images and share links you
            create.
          </li>
          <li>
            <strong>Recipients of a share link:</strong> name, email address, optional phone number,
            the record of your NDA acceptance (including the time it was given), view events such as
            when the shared idea was opened, and any comments you leave.
          </li>
          <li>
            <strong>Waitlist members:</strong> name, email address and, if you choose to give it, your
            profession.
          </li>
          <li>
            <strong>Technical data:</strong> IP address, browser type and request logs, kept for
            security, rate limiting and troubleshooting.
          </li>
        </ul>
      </PageSection>

      <PageSection id="recipient-data" title="How we use recipients' data">
        <p>
          If someone shares an idea with you, the name, email, phone number, NDA acceptance and view
          events you provide are used to:
        </p>
        <ul>
          <li>verify who is accessing a confidential idea before it is shown;</li>
          <li>record your acceptance of the non-disclosure agreement as evidence for both parties;</li>
          <li>
            show the idea&apos;s creator who viewed it and when, so they can keep track of who has
            seen their work;
          </li>
          <li>enforce the link&apos;s access rules, such as one-time use, expiry dates and view limits.</li>
        </ul>
        <p>
          We do not use recipients&apos; data for marketing and never sell it. It is visible only to
          the creator who shared the idea with you and to IdeaVault staff where strictly necessary.
        </p>
      </PageSection>

      <PageSection id="other-uses" title="How we use other data">
        <ul>
          <li>To create and secure your account and keep you signed in.</li>
          <li>To store, publish, timestamp and share your ideas at your request.</li>
          <li>To invite waitlist members when a place becomes available.</li>
          <li>To prevent abuse, investigate security incidents and meet legal obligations.</li>
        </ul>
        <p>
          The legal bases for each purpose are set out on our{" "}
          <Link href="/data-handling">Data Handling (GDPR)</Link> page.
        </p>
      </PageSection>

      <PageSection id="cookies" title="Cookies and local storage">
        <p>
          We use a strictly necessary session cookie to keep you signed in. Your answer to our cookie
          banner is stored locally in your browser under <code>cookieConsent</code> (true when you
          accept, false when you decline or close the banner); it is not sent to our servers. When
          you sign in, basic profile details are also kept locally so the app can display them. We do
          not use advertising or third-party tracking cookies. You can clear local storage at any
          time through your browser settings, which will show the banner again.
        </p>
      </PageSection>

      <PrivacyRightsAndSecurity />
    </StaticPage>
  );
}
