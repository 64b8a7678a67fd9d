/**
 * Byte helpers of verify.html's script. Every module of this folder but index.ts runs in the browser, from a file opened
 * from disk, with no library: they use only what a current browser has (WebCrypto, DecompressionStream).
 */

export const utf8 = (text: string) => new TextEncoder().encode(text);

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

/** Lower- or upper-case hex of whole bytes, else null. */
export function fromHex(hex: string): Uint8Array | null {
  if (hex.length % 2 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** Standard base64 (padding optional), else null. */
export function fromBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.replace(/=+$/, "").length % 4 === 1) return null;
  const bin = atob(text.padEnd(Math.ceil(text.length / 4) * 4, "="));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * WebCrypto takes any view of an ArrayBuffer (it copies what it reads); TypeScript's types also allow a
 * SharedArrayBuffer behind a Uint8Array, which never occurs here (files, DER, hashes).
 */
const buffer = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>;

export type DigestName = "SHA-1" | "SHA-256" | "SHA-384" | "SHA-512";

export async function digest(name: DigestName, bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest(name, buffer(bytes)));
}

export const sha256 = (bytes: Uint8Array) => digest("SHA-256", bytes);

export { buffer as arrayBufferOf };
