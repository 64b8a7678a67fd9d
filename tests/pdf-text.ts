import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Runs a poppler tool on the PDF written to a temporary file (not every tool reads stdin). */
function poppler(tool: string, args: string[], pdf: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-"));
  try {
    const file = path.join(dir, "doc.pdf");
    fs.writeFileSync(file, pdf);
    return execFileSync(tool, [...args, file, ...(tool === "pdftotext" ? ["-"] : [])], { maxBuffer: 64 * 1024 * 1024 }).toString("utf8");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF (or of one page) as poppler's pdftotext extracts it. */
export function pdfText(pdf: Uint8Array, page?: number): string {
  const range = page ? ["-f", String(page), "-l", String(page)] : [];
  return poppler("pdftotext", ["-q", "-enc", "UTF-8", ...range], pdf);
}

/** pdftotext keeps line breaks where the PDF wrapped text: compare with whitespace collapsed. */
export function flat(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Every font of a PDF as `pdffonts` lists it: embedded, subset, with a ToUnicode map. */
export function pdfFonts(pdf: Uint8Array): { name: string; embedded: boolean; subset: boolean; toUnicode: boolean }[] {
  const rows = poppler("pdffonts", [], pdf).split("\n").slice(2).filter((l) => l.trim());
  return rows.map((line) => {
    const cols = line.trim().split(/\s+/);
    // name type [encoding] emb sub uni object ID: the flags are the 5th to 3rd columns from the end.
    const [emb, sub, uni] = cols.slice(-5, -2);
    return { name: cols[0]!, embedded: emb === "yes", subset: sub === "yes", toUnicode: uni === "yes" };
  });
}

export function pdfInfo(pdf: Uint8Array): Record<string, string> {
  const info = poppler("pdfinfo", [], pdf);
  return Object.fromEntries(
    info
      .split("\n")
      .filter((l) => l.includes(":"))
      .map((l) => [l.slice(0, l.indexOf(":")).trim(), l.slice(l.indexOf(":") + 1).trim()]),
  );
}

/** The words of one page with their boxes (pdftotext -bbox), and the page size, in points from the top left. */
export function pdfWords(pdf: Uint8Array, page: number) {
  const html = poppler("pdftotext", ["-q", "-bbox", "-enc", "UTF-8", "-f", String(page), "-l", String(page)], pdf);
  const size = html.match(/<page width="([\d.]+)" height="([\d.]+)">/);
  const words = [...html.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)].map((m) => ({
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
    text: m[5]!.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&"),
  }));
  return { width: Number(size?.[1]), height: Number(size?.[2]), words };
}

/** What poppler complains about while reading the whole file ("" for a clean file): a repaired file still extracts. */
export function pdfProblems(pdf: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-"));
  try {
    const file = path.join(dir, "doc.pdf");
    fs.writeFileSync(file, pdf);
    return spawnSync("pdftotext", [file, "-"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).stderr.trim();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
