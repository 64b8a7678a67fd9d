import "server-only";
import { PDFDocument } from "pdf-lib";
import { embedDejaVu } from "@/lib/platform/pdf/fonts";
import { TextFlow } from "@/lib/platform/pdf/layout";
import { printedLine } from "@/lib/domain/validation/printable-text";
import { formatUtc } from "@/lib/domain/timestamps/text";
import type { ProtectiveMeasures } from "@/lib/domain/evidence/measures";

export const MEASURES_TITLE = "Protective measures";

/** The measures as a PDF: one dated line per fact, grouped as lib/domain/evidence/measures.ts groups them. */
export async function buildMeasuresPdf(m: ProtectiveMeasures): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const [regular, bold] = await Promise.all([embedDejaVu(doc, "regular"), embedDejaVu(doc, "bold")]);
  const flow = new TextFlow(doc);
  const body = { font: regular, size: 9.5 };
  const label = { font: regular, size: 9 };
  const h2 = { font: bold, size: 12, color: [0.12, 0.2, 0.45] as [number, number, number] };

  flow.paragraph(MEASURES_TITLE, { font: bold, size: 20, color: [0.12, 0.2, 0.45] });
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

  flow.numberPages(`${MEASURES_TITLE}, idea ${m.idea.id}`, regular);
  doc.setTitle(`${MEASURES_TITLE}: idea ${m.idea.id}`);
  doc.setAuthor("IdeaVault");
  doc.setCreator("IdeaVault");
  doc.setProducer("IdeaVault (pdf-lib)");
  doc.setCreationDate(m.generatedAt);
  doc.setModificationDate(m.generatedAt);
  return doc.save();
}
