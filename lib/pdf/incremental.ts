import "server-only";
import { PDFCrossRefStream, PDFDict, PDFNumber, PDFRef, PDFStream, type PDFContext, type PDFDocument, type PDFObject } from "pdf-lib";

/**
 * Incremental update (ISO 32000-1 §7.5.6): instead of re-serializing the whole document, the new and changed objects
 * are appended after the original bytes with a cross-reference section whose /Prev points at the original one. For a
 * 10 MB PDF of images, stamping a line on each page then writes a few hundred kB instead of copying 10 MB through
 * pdf-lib's writer, which keeps serving a watermarked copy inside its time budget.
 */

type ObjectSnapshot = Map<string, string>;

/** Where the update attaches: the original's last cross-reference section and its objects before the edit. */
export type IncrementalBase = { prev: number; usesStream: boolean; before: ObjectSnapshot };

const key = (ref: PDFRef) => `${ref.objectNumber} ${ref.generationNumber}`;

/**
 * The serialized form of every non-stream object before the edit. Streams are left out: they are large, and the
 * edits appended here (drawing on pages) only add streams and change dictionaries and arrays.
 */
function snapshotObjects(context: PDFContext): ObjectSnapshot {
  const snapshot: ObjectSnapshot = new Map();
  for (const [ref, obj] of context.enumerateIndirectObjects()) snapshot.set(key(ref), obj instanceof PDFStream ? "" : obj.toString());
  return snapshot;
}

/** Offset of the last cross-reference section, from the final `startxref`; null when the file has none. */
function lastXrefOffset(original: Uint8Array): number | null {
  const tail = Buffer.from(original.subarray(Math.max(0, original.length - 2048))).toString("latin1");
  const match = [...tail.matchAll(/startxref\s+(\d+)/g)].at(-1);
  const offset = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(offset) && offset > 0 && offset < original.length ? offset : null;
}

/**
 * The /Size the last section declares: one more than the highest object number anywhere in the file. pdf-lib drops
 * object and cross-reference streams while parsing, so its own count can be lower; new objects must not reuse
 * those numbers (an object stream's number reused would orphan every object compressed inside it).
 */
function declaredSize(original: Uint8Array, prev: number, usesStream: boolean): number | null {
  const bytes = Buffer.from(original.buffer, original.byteOffset, original.byteLength);
  const at = usesStream ? prev : bytes.indexOf("trailer", prev, "latin1");
  if (at < 0) return null;
  const size = Number(bytes.subarray(at, at + 4096).toString("latin1").match(/\/Size\s+(\d+)/)?.[1]);
  return Number.isSafeInteger(size) && size > 0 ? size : null;
}

/**
 * Call right after loading, before any edit: numbers new objects after every number the file uses, and records the
 * objects as they were. Null when the file has no usable cross-reference (the caller then saves the whole document).
 */
export function beginIncremental(doc: PDFDocument, original: Uint8Array): IncrementalBase | null {
  const prev = lastXrefOffset(original);
  if (prev === null) return null;
  const usesStream = !Buffer.from(original.subarray(prev, prev + 4)).toString("latin1").startsWith("xref");
  const size = declaredSize(original, prev, usesStream);
  if (size === null) return null;
  doc.context.largestObjectNumber = Math.max(doc.context.largestObjectNumber, size - 1);
  return { prev, usesStream, before: snapshotObjects(doc.context) };
}

function objectBytes(ref: PDFRef, obj: PDFObject): Uint8Array {
  const head = Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, "latin1");
  const body = new Uint8Array(obj.sizeInBytes());
  obj.copyBytesInto(body, 0);
  return Buffer.concat([head, body, Buffer.from("\nendobj\n", "latin1")]);
}

/**
 * The document's edits appended to `original`. The update uses the original's kind of cross-reference: a classic
 * table, or a cross-reference stream when the original ends with one.
 */
export async function saveIncremental(doc: PDFDocument, original: Uint8Array, { prev, usesStream, before }: IncrementalBase): Promise<Uint8Array> {
  await doc.flush(); // embeds fonts and images as objects
  const context = doc.context;
  const changed = context.enumerateIndirectObjects().filter(([ref, obj]) => {
    const was = before.get(key(ref));
    return was === undefined || (!(obj instanceof PDFStream) && was !== obj.toString());
  });
  const chunks: Uint8Array[] = [original, Buffer.from("\n", "latin1")];
  let offset = original.length + 1;
  const offsets: [PDFRef, number][] = [];
  for (const [ref, obj] of changed) {
    const bytes = objectBytes(ref, obj);
    offsets.push([ref, offset]);
    chunks.push(bytes);
    offset += bytes.length;
  }
  const { Root, Info, ID } = context.trailerInfo;
  const xrefOffset = offset;
  if (usesStream) {
    const ref = context.nextRef();
    const dict = context.obj({ Size: context.largestObjectNumber + 1, Root, Info, ID, Prev: PDFNumber.of(prev) }) as PDFDict;
    const stream = PDFCrossRefStream.create(dict, true);
    for (const [r, o] of offsets) stream.addUncompressedEntry(r, o);
    stream.addUncompressedEntry(ref, xrefOffset);
    chunks.push(objectBytes(ref, stream));
  } else {
    // One subsection per object: simple, and valid for the scattered numbers an update touches.
    const rows = [...offsets].sort(([a], [b]) => a.objectNumber - b.objectNumber);
    let table = "xref\n";
    for (const [r, o] of rows) table += `${r.objectNumber} 1\n${String(o).padStart(10, "0")} ${String(r.generationNumber).padStart(5, "0")} n\r\n`;
    const trailer = context.obj({ Size: context.largestObjectNumber + 1, Root, Info, ID, Prev: PDFNumber.of(prev) }) as PDFDict;
    chunks.push(Buffer.from(`${table}trailer\n${trailer.toString()}\n`, "latin1"));
  }
  chunks.push(Buffer.from(`startxref\n${xrefOffset}\n%%EOF\n`, "latin1"));
  return Buffer.concat(chunks);
}
