import "server-only";
import { PDFDocument } from "pdf-lib";
import { embedDejaVu } from "@/lib/platform/pdf/fonts";
import { TextFlow } from "@/lib/platform/pdf/layout";

const BLUE: [number, number, number] = [0.12, 0.2, 0.45];

/** A new A4 document of the server's (certificates, receipts, measures): DejaVu embedded, a text flow, the shared styles. */
export async function startTextPdf() {
  const doc = await PDFDocument.create();
  const [regular, bold] = await Promise.all([embedDejaVu(doc, "regular"), embedDejaVu(doc, "bold")]);
  const styles = {
    title: { font: bold, size: 20, color: BLUE },
    body: { font: regular, size: 9.5 },
    label: { font: regular, size: 9 },
    hash: { font: regular, size: 8 },
    h2: { font: bold, size: 12, color: BLUE },
  };
  return { doc, flow: new TextFlow(doc), regular, bold, styles };
}

/** Page numbers under `footer`, the metadata every document of ours carries, and the bytes. */
export function finishTextPdf(pdf: Awaited<ReturnType<typeof startTextPdf>>, meta: { footer: string; title: string; subject?: string; at: Date }) {
  const { doc, flow, regular } = pdf;
  flow.numberPages(meta.footer, regular);
  doc.setTitle(meta.title);
  if (meta.subject) doc.setSubject(meta.subject);
  doc.setAuthor("IdeaVault");
  doc.setCreator("IdeaVault");
  doc.setProducer("IdeaVault (pdf-lib)");
  doc.setCreationDate(meta.at);
  doc.setModificationDate(meta.at);
  return doc.save();
}
