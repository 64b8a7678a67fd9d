import type { ContentForm } from "@/components/recipient/document-content";
import { saveFile } from "@/components/recipient/save-file";

// The viewer's 'Download' (only when the link allows it), loaded when it is clicked.

function fileBaseName(title: string, id: number) {
  const slug = title
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .slice(0, 60);
  return slug ? `${slug}-${id}` : `idea-${id}`;
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Downloads carry the recipient's identity like the screen does (the server burns it into a PDF). */
export function downloadIdea(form: ContentForm, title: string, id: number, watermark: string | undefined) {
  const base = fileBaseName(title, id);
  if (form.kind === "pdf") {
    // The button shows only on links that allow downloads, where the server hands out the marked PDF's path.
    if (!form.pdf.pdfPath) return;
    const url = `${form.pdf.pdfPath}${form.pdf.pdfPath.includes("?") ? "&" : "?"}download=1`;
    saveFile(form.pdf.fileName || `${base}.pdf`, url);
  } else if (form.kind === "html") {
    const mark = watermark ? `<p style="color:#7f1d1d;font-size:12px">Confidential, shared under NDA with ${escapeHtml(watermark)}</p>\n` : "";
    const page = `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body>\n${mark}<h1>${escapeHtml(title)}</h1>\n${form.html}\n${mark}</body>\n</html>\n`;
    saveFile(`${base}.html`, new Blob([page], { type: "text/html;charset=utf-8" }));
  } else {
    const mark = watermark ? { sharedWith: watermark } : {};
    const other = form.kind === "other" ? form.value : null;
    const value =
      form.kind === "canvas"
        ? { ...mark, elements: form.elements }
        : other && typeof other === "object" && !Array.isArray(other)
          ? { ...mark, ...other }
          : other;
    saveFile(`${base}.json`, new Blob([JSON.stringify(value, null, 2)], { type: "application/json" }));
  }
}
