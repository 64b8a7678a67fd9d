import "server-only";
import crypto from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

/**
 * RFC 3161 time-stamp requests and tokens, on pkijs/asn1js (the structures) and Node's WebCrypto (the hashes and the
 * signature check). Nothing here trusts the bytes it reads: an answer is kept, and an upload called valid, only
 * when every check below passed.
 */

export const TSR_MEDIA_TYPE = "application/timestamp-reply";
export const TSQ_MEDIA_TYPE = "application/timestamp-query";
/** A token with its certificate chain is a few kilobytes; anything this large is not one. */
export const TSR_MAX_BYTES = 64 * 1024;

const SHA256 = "2.16.840.1.101.3.4.2.1";
const SIGNED_DATA = "1.2.840.113549.1.7.2";
const TST_INFO = "1.2.840.113549.1.9.16.1.4";
const CONTENT_TYPE_ATTR = "1.2.840.113549.1.9.3";
const MESSAGE_DIGEST_ATTR = "1.2.840.113549.1.9.4";
const EXT_KEY_USAGE = "2.5.29.37";
const TIME_STAMPING = "1.3.6.1.5.5.7.3.8";
const COMMON_NAME = "2.5.4.3";
const ORGANIZATION = "2.5.4.10";
const DIGESTS: Record<string, string> = { [SHA256]: "SHA-256", "2.16.840.1.101.3.4.2.2": "SHA-384", "2.16.840.1.101.3.4.2.3": "SHA-512" };

const engine = new pkijs.CryptoEngine({ name: "node-webcrypto", crypto: crypto.webcrypto as unknown as Crypto });

/**
 * Why a token was not accepted. `format`: the bytes are not a TimeStampResp at all (an upload answers 400, as a
 * broken .ots does); `invalid`: a well-formed answer that fails a check (refused, another digest or nonce, a bad
 * signature, a signer not allowed to stamp).
 */
export class TsaTokenError extends Error {
  override name = "TsaTokenError";
  constructor(
    readonly kind: "format" | "invalid",
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new TsaTokenError("invalid", message);
const malformed = (message: string) => new TsaTokenError("format", message);
const hex = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString("hex");
/** An INTEGER's value as hex without leading zero bytes, so two encodings of one number compare equal. */
const integerHex = (i: asn1js.Integer) => hex(i.valueBlock.valueHexView).replace(/^(00)+(?=.)/, "");

/** A DER TimeStampReq for a SHA-256 digest: a random 64-bit nonce and certReq, so the token carries its certificate. */
export function buildTimeStampRequest(digest: Buffer): { der: Buffer; nonce: string } {
  if (digest.length !== 32) throw new Error("a SHA-256 digest is 32 bytes");
  const nonce = crypto.randomBytes(8);
  // A positive INTEGER in minimal DER: the first byte in 1..0x7f.
  nonce[0] = (nonce[0] & 0x7f) || 1;
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256, algorithmParams: new asn1js.Null() }),
      hashedMessage: new asn1js.OctetString({ valueHex: new Uint8Array(digest) }),
    }),
    nonce: new asn1js.Integer({ valueHex: new Uint8Array(nonce) }),
    certReq: true,
  });
  return { der: Buffer.from(req.toSchema().toBER(false)), nonce: nonce.toString("hex") };
}

export type VerifiedToken = {
  /** The time the authority states. */
  genTime: Date;
  /** The token's serial number, lower-case hex. */
  serial: string;
  /** The signer's name: its certificate's common name, else its organization. */
  tsa: string;
  /** The message imprint, hex SHA-256. */
  digest: string;
  /** Every certificate in the token (the signer's first), DER. */
  certificates: Buffer[];
};

/**
 * Reads a DER TimeStampResp and checks it: status granted, a SHA-256 imprint equal to `digest`, the nonce when one
 * was sent, the CMS signature against the signer's certificate in the token, and that certificate's
 * extendedKeyUsage timeStamping. Throws TsaTokenError otherwise.
 */
export async function verifyTimeStampResponse(der: Buffer, expected: { digest: Buffer; nonce?: string }): Promise<VerifiedToken> {
  const { signed, tst } = parseResponse(der);
  const imprint = tst.messageImprint;
  if (imprint.hashAlgorithm.algorithmId !== SHA256) throw invalid("the token is not over a SHA-256 digest");
  const digest = hex(imprint.hashedMessage.valueBlock.valueHexView);
  if (digest !== expected.digest.toString("hex")) throw invalid(`the token is for another digest (${digest}, not ${expected.digest.toString("hex")})`);
  if (expected.nonce !== undefined) {
    if (!tst.nonce) throw invalid("the token carries no nonce");
    if (integerHex(tst.nonce) !== expected.nonce.replace(/^(00)+(?=.)/, "")) throw invalid("the token's nonce is not the one sent");
  }
  const signer = await checkSignature(signed);
  return {
    genTime: tst.genTime,
    serial: integerHex(tst.serialNumber),
    tsa: nameOf(signer),
    digest,
    certificates: orderedCertificates(signed, signer),
  };
}

/** The structure only: TimeStampResp → granted status → SignedData → TSTInfo. */
function parseResponse(der: Buffer): { signed: pkijs.SignedData; tst: pkijs.TSTInfo } {
  if (der.length > TSR_MAX_BYTES) throw malformed(`larger than ${TSR_MAX_BYTES / 1024} KB`);
  let resp: pkijs.TimeStampResp;
  try {
    const asn1 = asn1js.fromBER(new Uint8Array(der));
    if (asn1.offset === -1 || asn1.offset !== der.length) throw new Error("not one DER value");
    resp = new pkijs.TimeStampResp({ schema: asn1.result });
  } catch {
    throw malformed("not an RFC 3161 TimeStampResp");
  }
  const status = resp.status.status;
  if (status !== 0 && status !== 1) {
    const text = resp.status.statusStrings?.map((s) => s.valueBlock.value).join("; ");
    throw invalid(`the authority refused the request (status ${status}${text ? `: ${text}` : ""})`);
  }
  const token = resp.timeStampToken;
  if (!token || token.contentType !== SIGNED_DATA) throw malformed("a granted answer without a signed token");
  try {
    const signed = new pkijs.SignedData({ schema: token.content });
    const content = signed.encapContentInfo;
    if (content.eContentType !== TST_INFO || !content.eContent) throw new Error("not a TSTInfo");
    return { signed, tst: pkijs.TSTInfo.fromBER(eContentBytes(signed)) };
  } catch {
    throw malformed("the token is not a signed TSTInfo");
  }
}

function eContentBytes(signed: pkijs.SignedData): ArrayBuffer {
  return signed.encapContentInfo.eContent!.getValue();
}

/** The signer's certificate once the one SignerInfo's signature over the TSTInfo checks out against it. */
async function checkSignature(signed: pkijs.SignedData): Promise<pkijs.Certificate> {
  if (signed.signerInfos.length !== 1) throw invalid("the token must have exactly one signer");
  const info = signed.signerInfos[0];
  const certificates = (signed.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const signer = await findSigner(info, certificates);
  if (!signer) throw invalid("the token does not carry its signer's certificate");
  const attrs = info.signedAttrs?.attributes ?? [];
  const attr = (type: string) => attrs.find((a) => a.type === type)?.values[0];
  const contentType = attr(CONTENT_TYPE_ATTR);
  if (!(contentType instanceof asn1js.ObjectIdentifier) || contentType.valueBlock.toString() !== TST_INFO) throw invalid("the signature does not cover a TSTInfo");
  const hashName = DIGESTS[info.digestAlgorithm.algorithmId];
  if (!hashName) throw invalid("the signature uses an unsupported digest");
  const messageDigest = attr(MESSAGE_DIGEST_ATTR);
  const contentDigest = await engine.digest({ name: hashName }, new Uint8Array(eContentBytes(signed)));
  if (!(messageDigest instanceof asn1js.OctetString) || hex(messageDigest.valueBlock.valueHexView) !== hex(contentDigest)) {
    throw invalid("the signature does not match the token's content");
  }
  let ok = false;
  try {
    ok = await engine.verifyWithPublicKey(info.signedAttrs!.encodedValue, info.signature, signer.subjectPublicKeyInfo, info.signatureAlgorithm, hashName);
  } catch {
    ok = false;
  }
  if (!ok) throw invalid("the token's signature is not valid");
  const eku = signer.extensions?.find((e) => e.extnID === EXT_KEY_USAGE)?.parsedValue as pkijs.ExtKeyUsage | undefined;
  if (!eku?.keyPurposes.includes(TIME_STAMPING)) throw invalid("the signing certificate is not for time-stamping (no extendedKeyUsage timeStamping)");
  return signer;
}

async function findSigner(info: pkijs.SignerInfo, certificates: pkijs.Certificate[]) {
  const sid = info.sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber) return certificates.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber)) ?? null;
  // subjectKeyIdentifier: the SHA-1 of the certificate's public key (RFC 5280 method 1).
  const keyId = hex((sid as asn1js.OctetString).valueBlock.valueHexView);
  for (const c of certificates) {
    if (hex(await engine.digest({ name: "SHA-1" }, new Uint8Array(c.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView))) === keyId) return c;
  }
  return null;
}

function nameOf(cert: pkijs.Certificate): string {
  const value = (type: string) => cert.subject.typesAndValues.find((t) => t.type === type)?.value.valueBlock.value as string | undefined;
  return value(COMMON_NAME) ?? value(ORGANIZATION) ?? "unnamed authority";
}

function orderedCertificates(signed: pkijs.SignedData, signer: pkijs.Certificate): Buffer[] {
  const all = (signed.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  return [signer, ...all.filter((c) => c !== signer)].map((c) => Buffer.from(c.toSchema().toBER(false)));
}

/** A DER certificate as PEM (the evidence pack's tsa/<host>.pem). */
export function certificatePem(ders: Buffer[]): string {
  return ders
    .map((der) => `-----BEGIN CERTIFICATE-----\n${der.toString("base64").replace(/.{1,64}/g, "$&\n")}-----END CERTIFICATE-----\n`)
    .join("");
}

/** The certificates inside a stored token (already verified when it was kept). */
export function certificatesOfToken(der: Buffer): Buffer[] {
  const { signed } = parseResponse(der);
  return (signed.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate).map((c) => Buffer.from(c.toSchema().toBER(false)));
}
