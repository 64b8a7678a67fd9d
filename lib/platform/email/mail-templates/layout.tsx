import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";

export type EmailAction = { href: string; label: string };

type EmailLayoutProps = {
  title: string;
  /** The inbox preview line; the first paragraph when not given. */
  preview?: string;
  paragraphs: string[];
  action?: EmailAction;
  /** A muted line after the action (why the reader gets this mail, how to stop it). */
  footnote?: string;
};

const colors = { brand: "#2E3A59", text: "#1f2937", muted: "#6b7280", border: "#e5e7eb" };

/** The one frame every IdeaVault mail uses: a title, plain paragraphs, at most one action link and the footer. */
export function EmailLayout({ title, preview, paragraphs, action, footnote }: EmailLayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview ?? paragraphs[0] ?? title}</Preview>
      <Body style={{ backgroundColor: "#ffffff", color: colors.text, fontFamily: "system-ui, -apple-system, 'Segoe UI', sans-serif" }}>
        <Container style={{ maxWidth: "560px", padding: "24px 16px" }}>
          <Heading as="h1" style={{ color: colors.brand, fontSize: "20px", margin: "0 0 16px" }}>
            {title}
          </Heading>
          {paragraphs.map((p, i) => (
            <Text key={i} style={{ fontSize: "15px", lineHeight: "22px", margin: "0 0 12px", whiteSpace: "pre-line" }}>
              {p}
            </Text>
          ))}
          {action ? (
            <Section style={{ margin: "20px 0" }}>
              <Link href={action.href} style={{ color: colors.brand, fontWeight: 600, textDecoration: "underline" }}>
                {action.label}
              </Link>
            </Section>
          ) : null}
          {footnote ? <Text style={{ color: colors.muted, fontSize: "13px", lineHeight: "20px", margin: "0 0 12px" }}>{footnote}</Text> : null}
          <Hr style={{ borderColor: colors.border, margin: "24px 0 12px" }} />
          <Text style={{ color: colors.muted, fontSize: "12px", margin: 0 }}>IdeaVault — share unpublished ideas safely.</Text>
        </Container>
      </Body>
    </Html>
  );
}
