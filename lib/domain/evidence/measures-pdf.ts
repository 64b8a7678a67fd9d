import "server-only";
import { finishTextPdf, startTextPdf } from "@/lib/platform/pdf/document";
import { printedLine } from "@/lib/domain/validation/printable-text";
import { formatUtc } from "@/lib/domain/timestamps/text";
import type { ProtectiveMeasures } from "@/lib/domain/evidence/measures";

export const MEASURES_TITLE = "Protective measures";

/** The measures as a PDF: one dated line per fact, grouped as lib/domain/evidence/measures.ts groups them. */
export async function buildMeasuresPdf(m: ProtectiveMeasures): Promise<Uint8Array> {
  const pdf = await startTextPdf();
  const { flow } = pdf;
  const { body, label, h2 } = pdf.styles;

  flow.paragraph(MEASURES_TITLE, pdf.styles.title);
  flow.gap(4);
  flow.paragraph(
    "The measures IdeaVault applied to keep the idea below confidential, as recorded when each took effect. They are stated as " +
      "facts from the service's records, in time order, without any opinion on whether they are sufficient; this is not legal advice.",
    { ...body, color: [0.3, 0.3, 0.35] },
  );
  flow.field("Idea", `${m.idea.id}: ${printedLine(m.idea.title)}`, label, body);
  flow.field("Owner", printedLine(m.idea.ownerName), label, body);
  flow.field("Created (UTC)", formatUtc(m.idea.createdAt), label, body);
  flow.field("Stated at (UTC)", formatUtc(m.generatedAt), label, body);

  for (const section of m.sections) {
    flow.heading(section.title, h2);
    if (!section.facts.length) flow.paragraph("None recorded.", body);
    for (const f of section.facts) flow.field(f.at ? formatUtc(f.at) : "throughout", printedLine(f.text), label, body);
  }

  return finishTextPdf(pdf, { footer: `${MEASURES_TITLE}, idea ${m.idea.id}`, title: `${MEASURES_TITLE}: idea ${m.idea.id}`, at: m.generatedAt });
}
