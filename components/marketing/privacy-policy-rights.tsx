import Link from "next/link";

import { PageSection } from "./static-page";

/** Security, breach, retention, rights and change sections of the Privacy Policy. */
export function PrivacyRightsAndSecurity() {
  return (
    <>
      <PageSection id="security" title="How we protect your data">
        <ul>
          <li>
            The content of your ideas and every uploaded file (PDFs, images, profile photos) are encrypted at rest
            using AES-256. Account details, idea titles, comments and the identities recipients give are stored
            unencrypted in our access-controlled database.
          </li>
          <li>All traffic between your browser and IdeaVault is encrypted in transit with TLS.</li>
          <li>Passwords are stored only as salted, one-way hashes.</li>
          <li>
            Blockchain timestamping uses only a SHA-256 hash of your idea; the content itself never
            leaves IdeaVault.
          </li>
          <li>Access to production systems is limited to authorised staff and logged.</li>
        </ul>
      </PageSection>

      <PageSection id="breaches" title="Personal data breaches">
        <p>
          If a personal-data breach occurs, we will notify the competent supervisory authority within
          72 hours of becoming aware of it, unless the breach is unlikely to result in a risk to your
          rights and freedoms. Where the risk to you is high, we will also inform you without undue
          delay, explaining what happened and the steps we are taking.
        </p>
      </PageSection>

      <PageSection id="sharing" title="Who we share data with">
        <p>
          We use a small number of carefully selected processors (database hosting, file storage and
          email delivery) bound by data-processing agreements. We do not sell personal data. The full
          list is on our <Link href="/data-handling">Data Handling (GDPR)</Link> page.
        </p>
      </PageSection>

      <PageSection id="retention" title="How long we keep data">
        <p>
          Account data is kept while your account is active and deleted after you close it, apart
          from records we must keep by law. Recipient records are kept for as long as the related idea
          exists so that NDA evidence remains available to the creator. Waitlist entries are deleted
          once you are invited or ask to be removed.
        </p>
      </PageSection>

      <PageSection id="rights" title="Your rights">
        <p>
          You have the right to access, correct, erase, restrict or port your personal data, to object
          to processing, and to withdraw consent at any time. Send your request to{" "}
          <a href="mailto:privacy@ideavault.app">privacy@ideavault.app</a>. We respond within one
          month of receiving it; for complex or numerous requests this period may be extended by two
          further months, in which case we will tell you why within the first month. You may also
          lodge a complaint with your local data protection authority.
        </p>
      </PageSection>

      <PageSection id="changes" title="Changes to this policy">
        <p>
          If we make material changes we will publish the updated policy on this page and, where
          appropriate, notify account holders by email before the changes take effect.
        </p>
      </PageSection>
    </>
  );
}
