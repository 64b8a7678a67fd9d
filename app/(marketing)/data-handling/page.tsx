import type { Metadata } from "next";
import Link from "next/link";

import { PageSection, StaticPage } from "@/components/marketing/static-page";

export const metadata: Metadata = {
  title: "Data Handling (GDPR)",
  description:
    "Lawful bases, retention periods, processors and your rights under the GDPR when you use IdeaVault.",
};

const BASES = [
  ["Creating and running your account", "Performance of a contract (Art. 6(1)(b))"],
  ["Storing, timestamping and sharing your ideas", "Performance of a contract (Art. 6(1)(b))"],
  ["Verifying recipients and recording NDA acceptance", "Legitimate interests of the creator and of IdeaVault (Art. 6(1)(f))"],
  ["Tracking views of a shared idea", "Legitimate interests (Art. 6(1)(f))"],
  ["Managing the waitlist", "Consent (Art. 6(1)(a)), which you can withdraw at any time"],
  ["Security, fraud prevention and rate limiting", "Legitimate interests (Art. 6(1)(f))"],
  ["Keeping records required by law", "Legal obligation (Art. 6(1)(c))"],
] as const;

const PROCESSORS = [
  ["PostgreSQL database host", "Stores accounts, ideas, share links, recipient and waitlist records, encrypted at rest"],
  ["Blob storage provider", "Stores uploaded PDFs and images, encrypted at rest"],
  ["Email provider", "Delivers transactional emails such as password resets and invitations"],
  ["OpenTimestamps calendar servers", "Receive only a SHA-256 hash of a published idea, never its content or any personal data"],
] as const;

export default function DataHandlingPage() {
  return (
    <StaticPage
      title="Data Handling (GDPR)"
      intro="This page explains, in the terms of the EU General Data Protection Regulation, how IdeaVault processes personal data. It complements our Privacy Policy."
    >
      <PageSection id="lawful-bases" title="Lawful bases for processing">
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Purposes of processing and their lawful bases</caption>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="p-3 font-semibold">Purpose</th>
                <th scope="col" className="p-3 font-semibold">Lawful basis</th>
              </tr>
            </thead>
            <tbody>
              {BASES.map(([purpose, basis]) => (
                <tr key={purpose} className="border-t align-top">
                  <td className="p-3">{purpose}</td>
                  <td className="p-3 text-muted-foreground">{basis}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </PageSection>

      <PageSection id="retention" title="Retention">
        <ul>
          <li>
            <strong>Account data and ideas:</strong> kept while your account is active and deleted
            when you close it, except where the law requires us to keep records.
          </li>
          <li>
            <strong>Recipient data and NDA acceptances:</strong> kept for as long as the shared idea
            exists, so the creator retains evidence of who accepted the agreement; deleted with the
            idea.
          </li>
          <li>
            <strong>Waitlist entries:</strong> kept until you are invited or ask to be removed.
          </li>
          <li>
            <strong>Security logs:</strong> kept for a limited period for abuse prevention, then
            deleted.
          </li>
          <li>
            <strong>Blockchain timestamp proofs:</strong> the hash anchored in a public blockchain
            cannot be erased, but it reveals nothing about your idea or about you.
          </li>
        </ul>
      </PageSection>

      <PageSection id="processors" title="Processors">
        <p>
          We use the following categories of processors, each bound by a data-processing agreement
          and appropriate safeguards for any transfer outside the EEA:
        </p>
        <ul>
          {PROCESSORS.map(([name, role]) => (
            <li key={name}>
              <strong>{name}:</strong> {role}.
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="security" title="Security measures">
        <p>
          Idea content and uploaded files are encrypted at rest with AES-256, and all data is
          encrypted in transit with TLS. Passwords are hashed,
          access to production systems is restricted and logged, and share links enforce their
          configured limits on the server. In the event of a personal-data breach we notify the
          supervisory authority within 72 hours.
        </p>
      </PageSection>

      <PageSection id="rights" title="Your rights">
        <ul>
          <li>Access: obtain a copy of the personal data we hold about you.</li>
          <li>Rectification: have inaccurate data corrected.</li>
          <li>Erasure: ask us to delete your data where there is no overriding reason to keep it.</li>
          <li>Restriction and objection: limit or object to processing based on legitimate interests.</li>
          <li>Portability: receive your data in a structured, machine-readable format.</li>
          <li>Withdrawal of consent: for example, leaving the waitlist at any time.</li>
        </ul>
        <p>
          Email <a href="mailto:privacy@ideavault.app">privacy@ideavault.app</a> or our Data
          Protection Officer at <a href="mailto:dpo@ideavault.app">dpo@ideavault.app</a>. We reply
          within one month, extendable by two months for complex requests. You can also complain to
          your supervisory authority. See the <Link href="/privacy-policy">Privacy Policy</Link> for
          more detail.
        </p>
      </PageSection>
    </StaticPage>
  );
}
