import { Body, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text } from "@react-email/components";

export type EmailAction = { href: string; label: string };

/**
 * The sender's brand on a mail to their recipient: the logo (an absolute URL), the name as its alt text, and the
 * accent colour of the action button with its text colour (black or white, chosen for contrast).
 */
export type EmailBrand = { name: string; logoUrl: string | null; accentColor: string | null; accentForeground: string | null };

type EmailLayoutProps = {
  title: string;
  /** The inbox preview line; the first paragraph when not given. */
  preview?: string;
  paragraphs: string[];
  action?: EmailAction;
  /** A muted line after the action (why the reader gets this mail, how to stop it). */
  footnote?: string;
  brand?: EmailBrand | null;
};

const colors = { brand: "#2E3A59", text: "#1f2937", muted: "#6b7280", border: "#e5e7eb" };

/** The one frame every IdeaVault mail uses: a title, plain paragraphs, at most one action link and the footer. */
export function EmailLayout({ title, preview, paragraphs, action, footnote, brand }: EmailLayoutProps) {
  const accent = brand?.accentColor && brand.accentForeground ? { background: brand.accentColor, text: brand.accentForeground } : null;
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview ?? paragraphs[0] ?? title}</Preview>
      <Body style={{ backgroundColor: "#ffffff", color: colors.text, fontFamily: "system-ui, -apple-system, 'Segoe UI', sans-serif" }}>
        <Container style={{ maxWidth: "560px", padding: "24px 16px" }}>
          {brand?.logoUrl ? <Img src={brand.logoUrl} alt={brand.name} height="48" style={{ height: "48px", width: "auto", margin: "0 0 16px" }} /> : null}
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
              <Link
                href={action.href}
                style={
                  accent
                    ? { backgroundColor: accent.background, color: accent.text, fontWeight: 600, textDecoration: "none", display: "inline-block", padding: "10px 18px", borderRadius: "6px" }
                    : { color: colors.brand, fontWeight: 600, textDecoration: "underline" }
                }
              >
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
