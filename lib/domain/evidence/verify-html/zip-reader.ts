/**
 * Reads a ZIP from its central directory, as lib/platform/zip/stream.ts writes it (fflate: stored and deflated
 * entries, sizes in a data descriptor after each entry and in the central directory, no ZIP64) and as any ordinary
 * archiver does. Only what a pack needs: no ZIP64, no encryption, no multi-disk archives, each refused by name.
 */

export type ZipEntryInfo = {
  name: string;
  method: number;
  crc32: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts. */
  offset: number;
};

export class ZipError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export function readCentralDirectory(zip: Uint8Array): ZipEntryInfo[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  // The end record is the last 22 bytes plus a comment of at most 65535 bytes.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD && i + 22 + view.getUint16(i + 20, true) === zip.length) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError("this is not a ZIP file (no end of central directory record)");
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (view.getUint16(eocd + 4, true) !== 0 || view.getUint16(eocd + 6, true) !== 0) throw new ZipError("multi-disk archives are not supported");
  if (count === 0xffff || cdOffset === 0xffffffff) throw new ZipError("ZIP64 archives are not supported (a pack stays under 4 GB)");
  if (cdOffset + cdSize > eocd) throw new ZipError("the central directory lies outside the file (a truncated or damaged ZIP)");
  const entries: ZipEntryInfo[] = [];
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL) throw new ZipError(`central directory entry ${i + 1} is damaged`);
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > eocd) throw new ZipError(`central directory entry ${i + 1} is damaged`);
    let name: string;
    try {
      name = decoder.decode(zip.subarray(at + 46, at + 46 + nameLength));
    } catch {
      throw new ZipError(`central directory entry ${i + 1} has a name that is not UTF-8`);
    }
    if (flags & 1) throw new ZipError(`${name}: encrypted entries are not supported`);
    const entry = {
      name,
      method: view.getUint16(at + 10, true),
      crc32: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff || entry.offset === 0xffffffff) {
      throw new ZipError(`${name}: ZIP64 entries are not supported`);
    }
    entries.push(entry);
    at = next;
  }
  if (at !== cdOffset + cdSize) throw new ZipError("the central directory's size does not match its entries");
  return entries;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

async function inflateRaw(data: Uint8Array): Promise<Uint8Array> {
  const inflate = new DecompressionStream("deflate-raw");
  const writer = inflate.writable.getWriter();
  // Not awaited: the writes resolve as the readable side is drained, which Response does below; errors surface there.
  writer.write(data as Uint8Array<ArrayBuffer>).catch(() => {});
  writer.close().catch(() => {});
  return new Uint8Array(await new Response(inflate.readable).arrayBuffer());
}

/** The entry's content, checked against the central directory's size and CRC-32. */
export async function extractEntry(zip: Uint8Array, entry: ZipEntryInfo): Promise<Uint8Array> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  if (entry.offset + 30 > zip.length || view.getUint32(entry.offset, true) !== LOCAL) throw new ZipError("its local header is missing or damaged");
  const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
  if (start + entry.compressedSize > zip.length) throw new ZipError("its data runs past the end of the ZIP");
  const raw = zip.subarray(start, start + entry.compressedSize);
  let data: Uint8Array;
  if (entry.method === STORED) data = raw;
  else if (entry.method === DEFLATED) {
    try {
      data = await inflateRaw(raw);
    } catch {
      throw new ZipError("its compressed data is damaged (it does not inflate)");
    }
  } else throw new ZipError(`it uses compression method ${entry.method}; only stored and deflate are supported`);
  if (data.length !== entry.size) throw new ZipError(`it holds ${data.length} bytes where the ZIP says ${entry.size}`);
  if (crc32(data) !== entry.crc32) throw new ZipError("its CRC-32 does not match the ZIP's (the entry is damaged)");
  return data;
}
