/**
 * A minimal DER reader: enough ASN.1 to walk an RFC 3161 time-stamp token (CMS SignedData) and the X.509 certificate
 * inside it. Every length is checked against its container; indefinite lengths (BER) are refused.
 */

export type Der = {
  /** The identifier octet (class, constructed bit, tag number < 31). */
  tag: number;
  /** The whole element: identifier, length and content. */
  raw: Uint8Array;
  content: Uint8Array;
};

export class DerError extends Error {}

export const TAG = {
  BOOLEAN: 0x01,
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTF8_STRING: 0x0c,
  PRINTABLE_STRING: 0x13,
  IA5_STRING: 0x16,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
  SEQUENCE: 0x30,
  SET: 0x31,
} as const;

/** Context-specific tags: [n] constructed (EXPLICIT, or IMPLICIT over a constructed type) and primitive. */
export const ctx = (n: number) => 0xa0 | n;
export const ctxPrimitive = (n: number) => 0x80 | n;

/** The element starting at `at`. */
export function readDer(bytes: Uint8Array, at = 0): Der {
  if (at + 2 > bytes.length) throw new DerError("truncated DER element");
  const tag = bytes[at];
  if ((tag & 0x1f) === 0x1f) throw new DerError("multi-byte DER tags are not used here");
  let length = bytes[at + 1];
  let header = 2;
  if (length & 0x80) {
    const n = length & 0x7f;
    if (n === 0) throw new DerError("indefinite length (BER) is not DER");
    if (n > 4 || at + 2 + n > bytes.length) throw new DerError("DER length out of range");
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + bytes[at + 2 + i];
    header += n;
  }
  const end = at + header + length;
  if (end > bytes.length) throw new DerError("DER element runs past its container");
  return { tag, raw: bytes.subarray(at, end), content: bytes.subarray(at + header, end) };
}

/** The one element that is the whole of `bytes` (trailing bytes are an error). */
export function parseDer(bytes: Uint8Array): Der {
  const el = readDer(bytes);
  if (el.raw.length !== bytes.length) throw new DerError("trailing bytes after the DER element");
  return el;
}

export function children(el: Der): Der[] {
  if (!(el.tag & 0x20)) throw new DerError("expected a constructed DER element");
  const out: Der[] = [];
  for (let at = 0; at < el.content.length;) {
    const child = readDer(el.content, at);
    out.push(child);
    at += child.raw.length;
  }
  return out;
}

export function expect(el: Der | undefined, tag: number, what: string): Der {
  if (!el || el.tag !== tag) throw new DerError(`${what}: expected tag 0x${tag.toString(16)}, found ${el ? `0x${el.tag.toString(16)}` : "nothing"}`);
  return el;
}

export function oid(el: Der): string {
  const b = expect(el, TAG.OID, "object identifier").content;
  if (!b.length) throw new DerError("empty object identifier");
  const parts: number[] = [];
  let value = 0;
  for (const byte of b) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  const first = parts.shift()!;
  const head = first < 80 ? [Math.floor(first / 40), first % 40] : [2, first - 80];
  return [...head, ...parts].join(".");
}

/** A non-negative INTEGER as a JS number (small ones only: versions, status codes). */
export function smallInt(el: Der): number {
  const b = expect(el, TAG.INTEGER, "integer").content;
  if (!b.length || b.length > 6 || b[0] & 0x80) throw new DerError("integer out of range");
  return b.reduce((n, x) => n * 256 + x, 0);
}

/** An INTEGER's magnitude without its sign byte, e.g. an ECDSA signature half or a serial number. */
export function unsignedIntBytes(el: Der): Uint8Array {
  const b = expect(el, TAG.INTEGER, "integer").content;
  let i = 0;
  while (i < b.length - 1 && b[i] === 0) i++;
  return b.subarray(i);
}

export function text(el: Der): string {
  return new TextDecoder().decode(el.content);
}

/** GeneralizedTime or UTCTime as an ISO 8601 string (fractions kept). */
export function time(el: Der): string {
  const s = text(el);
  const m =
    el.tag === TAG.GENERALIZED_TIME
      ? s.match(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\.\d+)?Z$/)
      : el.tag === TAG.UTC_TIME
        ? s.match(/^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})()Z$/)
        : null;
  if (!m) throw new DerError(`unsupported time ${JSON.stringify(s)}`);
  const year = el.tag === TAG.UTC_TIME ? (Number(m[1]) < 50 ? `20${m[1]}` : `19${m[1]}`) : m[1];
  return `${year}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ""}Z`;
}

const NAME_ATTRS: Record<string, string> = {
  "2.5.4.3": "CN",
  "2.5.4.6": "C",
  "2.5.4.7": "L",
  "2.5.4.8": "ST",
  "2.5.4.10": "O",
  "2.5.4.11": "OU",
  "1.2.840.113549.1.9.1": "emailAddress",
};

/** An X.501 Name as "CN=…, O=…, C=…" (most specific first, as people read a TSA's name). */
export function nameText(el: Der): string {
  const parts: string[] = [];
  for (const rdn of children(expect(el, TAG.SEQUENCE, "name"))) {
    for (const atv of children(rdn)) {
      const [type, value] = children(atv);
      const key = NAME_ATTRS[oid(type)] ?? oid(type);
      parts.push(`${key}=${text(value)}`);
    }
  }
  return parts.reverse().join(", ");
}

export function commonName(el: Der): string | null {
  for (const rdn of children(expect(el, TAG.SEQUENCE, "name"))) {
    for (const atv of children(rdn)) {
      const [type, value] = children(atv);
      if (oid(type) === "2.5.4.3") return text(value);
    }
  }
  return null;
}
