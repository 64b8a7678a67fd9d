import type { Metadata } from "next";
import Link from "next/link";

import { PageSection, StaticPage } from "@/components/marketing/static-page";

export const metadata: Metadata = {
  title: "About",
  description:
    "IdeaVault helps inventors, founders and researchers share unpublished ideas under NDA, with blockchain timestamps and full control over access.",
};

export default function AboutPage() {
  return (
    <StaticPage
      title="About IdeaVault"
      intro="Great ideas need feedback, partners and investors, but sharing too early can feel like giving them away. IdeaVault exists so you never have to choose between the two."
    >
      <PageSection id="mission" title="Our mission">
        <p>
          Your idea is your property. We built IdeaVault for inventors, founders and researchers who
          need to show an unpublished idea to someone they don&apos;t yet fully trust: a potential
          co-founder, an investor, a manufacturer or a review panel. Our goal is simple: make sharing
          an idea as safe as keeping it to yourself.
        </p>
      </PageSection>

      <PageSection id="how-it-works" title="How it works">
        <ul>
          <li>
            <strong>Write or upload.</strong> Draft your idea in our rich-text editor or upload a PDF,
            and keep it as a private draft until you are ready.
          </li>
          <li>
            <strong>Publish with a timestamp.</strong> When you publish, a SHA-256 fingerprint of your
            idea is anchored to the Bitcoin blockchain through OpenTimestamps. The proof is
            independent of IdeaVault and can be verified by anyone, at any time.
          </li>
          <li>
            <strong>Share through gated links.</strong> Create one-time, time-limited, full-access or
            email-restricted links, with optional view limits and expiry dates.
          </li>
          <li>
            <strong>Recipients identify themselves and sign.</strong> Before reading, each recipient
            gives their name and email and accepts a non-disclosure agreement. Only then is your
            idea revealed.
          </li>
          <li>
            <strong>Stay informed.</strong> Your Idea Portfolio shows who opened each link, when, and
            what they said in their comments.
          </li>
        </ul>
      </PageSection>

      <PageSection id="invite-only" title="Why invite only?">
        <p>
          We grow IdeaVault deliberately. Keeping the platform invite only lets us onboard every
          creator properly, review abuse reports quickly and keep the infrastructure that protects
          your ideas focused on the people using it. If you would like access, join the waitlist
          from the <Link href="/">home page</Link> and we&apos;ll invite you as soon as a place
          opens up.
        </p>
      </PageSection>

      <PageSection id="principles" title="What we stand for">
        <ul>
          <li>
            <strong>Privacy by default.</strong> The content of your ideas is encrypted at rest with
            AES-256 and is only ever shown to recipients who have accepted your NDA.
          </li>
          <li>
            <strong>Evidence you own.</strong> Timestamp proofs rely on a public blockchain, not on
            our word. We never send your content to the timestamping service, only its hash.
          </li>
          <li>
            <strong>Transparency.</strong> Read how we treat personal data in our{" "}
            <Link href="/privacy-policy">Privacy Policy</Link> and{" "}
            <Link href="/data-handling">Data Handling (GDPR)</Link> pages.
          </li>
        </ul>
      </PageSection>

      <PageSection id="get-in-touch" title="Get in touch">
        <p>
          Questions, feedback or partnership ideas? Visit our <Link href="/contact">contact page</Link>
          . We read every message.
        </p>
      </PageSection>
    </StaticPage>
  );
}
