import "server-only";
import { PDFArray, PDFDict, PDFRef, PDFStream, type PDFDocument, type PDFObject } from "pdf-lib";

/**
 * A full rewrite of a loaded (and edited) document as one new file, for copies that must not contain the original as
 * a prefix (the recipient watermark, lib/domain/files/watermark.ts):
 *
 * - One revision, one classic cross-reference table: nothing of the original's layout survives, so cutting the copy
 *   at an earlier `%%EOF` never yields the original, nor one of its earlier incremental revisions.
 * - Only the objects reachable from the trailer are written. Earlier revisions leave replaced or deleted objects
 *   behind (a draft's pages, their text); pdf-lib keeps them in its context and its own `save()` would pass them on.
 * - The document catalog is the last object. A reader given a truncated file rebuilds the cross-reference by scanning
 *   for objects, but it cannot open a document without a catalog, so any prefix ending before the catalog is
 *   unreadable, and any prefix that holds it holds every page with every stream drawn on it (the mark included),
 *   even when a stream of the original happens to contain the bytes `%%EOF`.
 *
 * Streams are copied as they are (no re-compression) and no object streams are made: the cost is one copy of the bytes.
 */

/** Objects serialized between two yields to the event loop (a huge object count must not block the server). */
const OBJECTS_PER_TICK = 2000;

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Every indirect object reachable from `roots`, by reference. */
function reachable(doc: PDFDocument, roots: (PDFObject | undefined)[]): Map<PDFRef, PDFObject> {
  const found = new Map<PDFRef, PDFObject>();
  const stack = roots.filter((o): o is PDFObject => o !== undefined);
  while (stack.length) {
    const obj = stack.pop()!;
    if (obj instanceof PDFRef) {
      if (found.has(obj) || obj.objectNumber <= 0) continue; // object 0 heads the free list, never an object
      const target = doc.context.lookup(obj);
      if (target === undefined) continue; // a dangling reference reads as null: written as a free entry
      found.set(obj, target);
      stack.push(target);
    } else if (obj instanceof PDFDict) {
      for (const [, value] of obj.entries()) stack.push(value);
    } else if (obj instanceof PDFArray) {
      stack.push(...obj.asArray());
    } else if (obj instanceof PDFStream) {
      stack.push(obj.dict);
    }
  }
  return found;
}

const latin1 = (s: string) => Buffer.from(s, "latin1");

/** The document as a new single-revision PDF (see above). Embeds pending fonts and images first. */
export async function saveRewritten(doc: PDFDocument): Promise<Uint8Array> {
  await doc.flush();
  const { Root, Info, ID } = doc.context.trailerInfo;
  if (!(Root instanceof PDFRef)) throw new Error("PDF without a catalog reference");
  const objects = reachable(doc, [Root, Info, ID]);
  const catalog = objects.get(Root)!;
  objects.delete(Root);
  const order: [PDFRef, PDFObject][] = [...objects].sort(([a], [b]) => a.objectNumber - b.objectNumber || a.generationNumber - b.generationNumber);
  order.push([Root, catalog]);

  const header = doc.context.header;
  const heads = order.map(([ref]) => latin1(`${ref.objectNumber} ${ref.generationNumber} obj\n`));
  const tail = latin1("\nendobj\n");
  let size = header.sizeInBytes() + 1;
  for (let i = 0; i < order.length; i++) size += heads[i]!.length + order[i]![1].sizeInBytes() + tail.length;
  const body = new Uint8Array(size);
  let offset = header.copyBytesInto(body, 0);
  body[offset++] = 0x0a;
  const offsets = new Map<number, { at: number; generation: number }>();
  for (let i = 0; i < order.length; i++) {
    const [ref, obj] = order[i]!;
    offsets.set(ref.objectNumber, { at: offset, generation: ref.generationNumber });
    body.set(heads[i]!, offset);
    offset += heads[i]!.length;
    offset += obj.copyBytesInto(body, offset);
    body.set(tail, offset);
    offset += tail.length;
    if ((i + 1) % OBJECTS_PER_TICK === 0) await tick();
  }

  // Classic table: entry 0, then one subsection per run of consecutive object numbers (entries are 20 bytes each).
  const numbers = [...offsets.keys()].sort((a, b) => a - b);
  let table = "xref\n0 1\n0000000000 65535 f\r\n";
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
    table += `${numbers[i]} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) {
      const { at, generation } = offsets.get(numbers[k]!)!;
      table += `${String(at).padStart(10, "0")} ${String(generation).padStart(5, "0")} n\r\n`;
    }
    i = j + 1;
  }
  const trailer = doc.context.obj({ Size: (numbers.at(-1) ?? 0) + 1, Root, Info, ID });
  return Buffer.concat([body, latin1(`${table}trailer\n${trailer.toString()}\nstartxref\n${size}\n%%EOF\n`)]);
}
