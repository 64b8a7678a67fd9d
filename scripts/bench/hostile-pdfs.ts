import zlib from "node:zlib";

/**
 * Small hostile PDFs, made byte by byte as an outside attacker made them (for `npm run bench -- hostile` and
 * tests/lib/domain/reader): each is a few KB, and each made the old reader (pdf.js on the request thread) stall the server
 * or answer 500. One page tree, classic cross-reference table.
 */

type Obj = string | Buffer;

/** A PDF from numbered objects (1-based; object 1 is the catalog), with a correct cross-reference table. */
export function rawPdf(objects: Obj[]): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, "latin1"), Buffer.from("\nendobj\n")]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f\r\n`, ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n\r\n`)].join("");
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

function stream(dict: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from("\nendstream")]);
}

const flate = (data: Buffer) => stream("/Filter /FlateDecode", zlib.deflateSync(data, { level: 9 }));

/** One page whose content is `count` stroked lines (`m l S`): 150,000 of them compress to about 8 KB. */
export function strokeBomb(count = 150_000, pages = 1): Buffer {
  const ops = Buffer.from("10 10 m 600 780 l S\n".repeat(count));
  const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(" ");
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    flate(ops),
    ...Array.from({ length: pages }, () => "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>"),
  ]);
}

/** Page 1 of `count` strokes (as strokeBomb), then a plain page of one stroke. */
export function bombThenPlain(count = 150_000): Buffer {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 6 0 R >>",
    flate(Buffer.from("10 10 m 600 780 l S\n".repeat(count))),
    flate(Buffer.from("4 w 72 396 m 540 396 l S\n")),
  ]);
}

/** One page showing one `side`×`side` RGB image of zeros: 8000×8000 is 192 MB of pixels in about 190 KB. */
export function imageBomb(side = 8000): Buffer {
  const pixels = zlib.deflateSync(Buffer.alloc(side * side * 3), { level: 9 });
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>",
    stream(`/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`, pixels),
    flate(Buffer.from("q 612 0 0 792 0 0 cm /Im0 Do Q\n")),
  ]);
}

/** A page tree whose Pages node lists itself among its kids. */
export function cyclicPageTree(): Buffer {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
  ]);
}

/** A page whose dictionary holds an array nested `depth` levels deep. */
export function deepNesting(depth = 200_000): Buffer {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Junk ${"[".repeat(depth)}${"]".repeat(depth)} >>`,
  ]);
}

/** `pages` small pages (sharing one content stream), for the page-count ceiling. */
export function manyPages(pages: number): Buffer {
  return strokeBomb(1, pages);
}

/** One page `widthPt` × `heightPt` points (72 a inch). */
export function sizedPage(widthPt: number, heightPt: number): Buffer {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${widthPt} ${heightPt}] /Contents 4 0 R >>`,
    flate(Buffer.from("0 0 m 100 100 l S\n")),
  ]);
}
