import { arrayBufferOf, concat, digest, equalBytes, toHex, type DigestName } from "./bytes";
import { DerError, TAG, children, ctx, expect, nameText, oid, parseDer, readDer, smallInt, time, unsignedIntBytes, type Der } from "./der";

/**
 * Checks an RFC 3161 TimeStampResp (a `.tsr`) the way `openssl ts -verify` does, minus the trust chain (a page opened
 * from disk has no trust store; the pack's README gives the openssl command for that): status granted, the token's
 * message imprint equals the digest of what it covers, the signed attributes bind the TSTInfo (messageDigest) and the
 * signer certificate (ESS signingCertificate), the signature over them verifies with that certificate's key, and the
 * certificate is a time-stamping certificate (extended key usage timeStamping) valid at genTime.
 */

export type TokenInfo = { genTime: string; tsa: string; serial: string; policy: string; hash: DigestName };

export class TokenError extends Error {}

const OID = {
  signedData: "1.2.840.113549.1.7.2",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificate: "1.2.840.113549.1.9.16.2.12",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  extKeyUsage: "2.5.29.37",
  subjectKeyId: "2.5.29.14",
  timeStamping: "1.3.6.1.5.5.7.3.8",
  rsaEncryption: "1.2.840.113549.1.1.1",
  rsaPss: "1.2.840.113549.1.1.10",
  ecPublicKey: "1.2.840.10045.2.1",
};

const HASHES: Record<string, DigestName> = {
  "1.3.14.3.2.26": "SHA-1",
  "2.16.840.1.101.3.4.2.1": "SHA-256",
  "2.16.840.1.101.3.4.2.2": "SHA-384",
  "2.16.840.1.101.3.4.2.3": "SHA-512",
};
const RSA_PKCS1: Record<string, DigestName> = {
  "1.2.840.113549.1.1.11": "SHA-256",
  "1.2.840.113549.1.1.12": "SHA-384",
  "1.2.840.113549.1.1.13": "SHA-512",
};
const ECDSA: Record<string, DigestName> = {
  "1.2.840.10045.4.3.2": "SHA-256",
  "1.2.840.10045.4.3.3": "SHA-384",
  "1.2.840.10045.4.3.4": "SHA-512",
};
const CURVES: Record<string, { name: string; size: number }> = {
  "1.2.840.10045.3.1.7": { name: "P-256", size: 32 },
  "1.3.132.0.34": { name: "P-384", size: 48 },
  "1.3.132.0.35": { name: "P-521", size: 66 },
};
const STATUS = ["granted", "grantedWithMods", "rejection", "waiting", "revocationWarning", "revocationNotification"];

function hashOf(algId: Der, what: string): DigestName {
  const name = HASHES[oid(children(algId)[0])];
  if (!name) throw new TokenError(`${what} uses a hash this page does not know`);
  return name;
}

type Certificate = {
  raw: Uint8Array;
  serial: Uint8Array;
  issuer: Der;
  subject: Der;
  spki: Der;
  notBefore: string;
  notAfter: string;
  extensions: Map<string, { critical: boolean; value: Uint8Array }>;
};

function parseCertificate(el: Der): Certificate {
  const [tbs] = children(expect(el, TAG.SEQUENCE, "certificate"));
  const f = children(expect(tbs, TAG.SEQUENCE, "tbsCertificate"));
  let i = f[0]?.tag === ctx(0) ? 1 : 0;
  const serial = unsignedIntBytes(f[i++]);
  i++; // signature algorithm
  const issuer = f[i++];
  const [notBefore, notAfter] = children(f[i++]).map(time);
  const subject = f[i++];
  const spki = expect(f[i++], TAG.SEQUENCE, "subjectPublicKeyInfo");
  const extensions = new Map<string, { critical: boolean; value: Uint8Array }>();
  const extField = f.slice(i).find((x) => x.tag === ctx(3));
  if (extField) {
    for (const ext of children(children(extField)[0])) {
      const parts = children(ext);
      const critical = parts.length === 3 && parts[1].tag === TAG.BOOLEAN && parts[1].content[0] !== 0;
      extensions.set(oid(parts[0]), { critical, value: expect(parts[parts.length - 1], TAG.OCTET_STRING, "extension value").content });
    }
  }
  return { raw: el.raw, serial, issuer, subject, spki, notBefore, notAfter, extensions };
}

/** Which certificate the SignerInfo's sid names (issuer and serial, or subject key identifier). */
function findSigner(sid: Der, certs: Certificate[]): Certificate {
  let found: Certificate | undefined;
  if (sid.tag === TAG.SEQUENCE) {
    const [issuer, serial] = children(sid);
    const wanted = unsignedIntBytes(serial);
    found = certs.find((c) => equalBytes(c.issuer.raw, issuer.raw) && equalBytes(c.serial, wanted));
  } else if (sid.tag === (0x80 | 0)) {
    found = certs.find((c) => {
      const ski = c.extensions.get(OID.subjectKeyId);
      return !!ski && equalBytes(readDer(ski.value).content, sid.content);
    });
  }
  if (!found) throw new TokenError("the token does not contain its signer's certificate");
  return found;
}

/** An ECDSA signature from DER (SEQUENCE of r and s) to WebCrypto's r ‖ s of fixed size. */
export function ecdsaRawSignature(der: Uint8Array, size: number): Uint8Array {
  const [r, s] = children(expect(parseDer(der), TAG.SEQUENCE, "ECDSA signature")).map(unsignedIntBytes);
  if (r.length > size || s.length > size) throw new TokenError("the ECDSA signature does not fit the curve");
  const out = new Uint8Array(2 * size);
  out.set(r, size - r.length);
  out.set(s, 2 * size - s.length);
  return out;
}

/** A DER length prefix, for the one structure this page builds (an RSA key's SubjectPublicKeyInfo). */
function derLength(n: number) {
  if (n < 128) return Uint8Array.of(n);
  const bytes: number[] = [];
  for (let x = n; x > 0; x = Math.floor(x / 256)) bytes.unshift(x & 0xff);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}
const derElement = (tag: number, content: Uint8Array) => concat(Uint8Array.of(tag), derLength(content.length), content);

/** A pack's tokens come from one or two authorities: each key is imported once, not once per token. */
const importedKeys = new Map<string, Promise<CryptoKey>>();
function importKey(spki: Uint8Array, alg: RsaHashedImportParams | EcKeyImportParams): Promise<CryptoKey> {
  const id = `${JSON.stringify(alg)}:${toHex(spki)}`;
  let key = importedKeys.get(id);
  if (!key) {
    key = crypto.subtle.importKey("spki", arrayBufferOf(spki), alg, false, ["verify"]);
    importedKeys.set(id, key);
    key.catch(() => importedKeys.delete(id));
  }
  return key;
}

async function verifySignature(cert: Certificate, sigAlg: Der, digestAlg: DigestName, signature: Uint8Array, data: Uint8Array): Promise<boolean> {
  const [algOid, params] = children(sigAlg);
  const sigOid = oid(algOid);
  const [keyAlg, keyBits] = children(cert.spki);
  const keyParts = children(keyAlg);
  const keyOid = oid(keyParts[0]);
  let key: CryptoKey;
  let alg: AlgorithmIdentifier | RsaPssParams | EcdsaParams;
  if (RSA_PKCS1[sigOid] || sigOid === OID.rsaEncryption) {
    const hash = RSA_PKCS1[sigOid] ?? digestAlg;
    if (keyOid !== OID.rsaEncryption) throw new TokenError("an RSA signature with a key that is not RSA");
    key = await importKey(cert.spki.raw, { name: "RSASSA-PKCS1-v1_5", hash });
    alg = { name: "RSASSA-PKCS1-v1_5" };
  } else if (sigOid === OID.rsaPss) {
    // RSASSA-PSS-params: [0] hash (default SHA-1), [1] MGF1 (with the same hash here), [2] salt length (default 20).
    let hash: DigestName = "SHA-1";
    let saltLength = 20;
    for (const p of params && params.tag === TAG.SEQUENCE ? children(params) : []) {
      if (p.tag === ctx(0)) hash = hashOf(children(p)[0], "the RSA-PSS signature");
      if (p.tag === ctx(2)) saltLength = smallInt(children(p)[0]);
    }
    if (keyOid !== OID.rsaEncryption && keyOid !== OID.rsaPss) throw new TokenError("an RSA-PSS signature with a key that is not RSA");
    // WebCrypto imports RSA keys labelled rsaEncryption only: relabel a key restricted to PSS (same modulus and exponent).
    const spki = derElement(
      TAG.SEQUENCE,
      concat(derElement(TAG.SEQUENCE, Uint8Array.of(0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00)), keyBits.raw),
    );
    key = await importKey(spki, { name: "RSA-PSS", hash });
    alg = { name: "RSA-PSS", saltLength } as RsaPssParams;
  } else if (ECDSA[sigOid]) {
    const curve = keyOid === OID.ecPublicKey && keyParts[1]?.tag === TAG.OID ? CURVES[oid(keyParts[1])] : undefined;
    if (!curve) throw new TokenError("an ECDSA signature with a key on a curve this page does not know");
    key = await importKey(cert.spki.raw, { name: "ECDSA", namedCurve: curve.name });
    alg = { name: "ECDSA", hash: ECDSA[sigOid] } as EcdsaParams;
    signature = ecdsaRawSignature(signature, curve.size);
  } else {
    throw new TokenError(`the token is signed with an algorithm this page does not know (${sigOid})`);
  }
  return crypto.subtle.verify(alg, key, arrayBufferOf(signature), arrayBufferOf(data));
}

/** A GeneralName: a directoryName ([4], explicit Name) as "CN=…", any other form (URI, DNS name) as its text. */
function generalNameText(el: Der): string {
  return el.tag === ctx(4) ? nameText(children(el)[0]) : new TextDecoder().decode(el.content);
}

/**
 * Verifies the token; `covered(hash)` answers the digest, with that hash, of what the token must cover (a file, or an
 * anchor's root), named `coveredLabel` in messages. Throws a TokenError (or a DerError for bytes that are not a token) saying what failed.
 */
export async function verifyTimeStampResponse(
  tsr: Uint8Array,
  covered: (hash: DigestName) => Promise<Uint8Array>,
  coveredLabel = "what it covers",
): Promise<TokenInfo> {
  const resp = children(expect(parseDer(tsr), TAG.SEQUENCE, "TimeStampResp"));
  const status = smallInt(children(expect(resp[0], TAG.SEQUENCE, "PKIStatusInfo"))[0]);
  if (status > 1) throw new TokenError(`the time-stamp authority answered "${STATUS[status] ?? status}", not granted`);
  const contentInfo = children(expect(resp[1], TAG.SEQUENCE, "the time-stamp token"));
  if (oid(contentInfo[0]) !== OID.signedData) throw new TokenError("the token is not CMS SignedData");
  const signedData = children(expect(children(expect(contentInfo[1], ctx(0), "SignedData"))[0], TAG.SEQUENCE, "SignedData"));
  const encap = children(expect(signedData[2], TAG.SEQUENCE, "encapsulated content"));
  if (oid(encap[0]) !== OID.tstInfo) throw new TokenError("the token's content is not a TSTInfo");
  const tstInfoDer = expect(children(expect(encap[1], ctx(0), "TSTInfo"))[0], TAG.OCTET_STRING, "TSTInfo").content;
  const certsField = signedData.find((x, i) => i > 2 && x.tag === ctx(0));
  const certs = certsField
    ? children(certsField)
        .filter((c) => c.tag === TAG.SEQUENCE)
        .map(parseCertificate)
    : [];
  const signerInfos = children(expect(signedData[signedData.length - 1], TAG.SET, "signerInfos"));
  if (signerInfos.length !== 1) throw new TokenError(`the token has ${signerInfos.length} signers; a time-stamp token has one`);

  // TSTInfo: version, policy, messageImprint, serialNumber, genTime, accuracy?, ordering?, nonce?, tsa [0]?, extensions [1]?
  const tst = children(expect(parseDer(tstInfoDer), TAG.SEQUENCE, "TSTInfo"));
  const [imprintAlg, imprint] = children(expect(tst[2], TAG.SEQUENCE, "messageImprint"));
  const hash = hashOf(imprintAlg, "the message imprint");
  const expected = await covered(hash);
  if (!equalBytes(expect(imprint, TAG.OCTET_STRING, "hashedMessage").content, expected)) {
    throw new TokenError(`its message imprint is not the ${hash} of ${coveredLabel} (one of the two was changed)`);
  }
  const genTime = time(expect(tst[4], TAG.GENERALIZED_TIME, "genTime"));
  const tsaField = tst.slice(5).find((x) => x.tag === ctx(0));

  // SignerInfo: version, sid, digestAlgorithm, [0] signedAttrs, signatureAlgorithm, signature, [1] unsignedAttrs?
  const si = children(expect(signerInfos[0], TAG.SEQUENCE, "SignerInfo"));
  const signer = findSigner(si[1], certs);
  const digestAlg = hashOf(si[2], "the signer");
  const signedAttrs = expect(si[3], ctx(0), "signed attributes");
  const attrs = new Map<string, Der[]>();
  for (const attr of children(signedAttrs)) {
    const [type, values] = children(attr);
    attrs.set(oid(type), children(values));
  }
  const contentType = attrs.get(OID.contentType)?.[0];
  if (!contentType || oid(contentType) !== OID.tstInfo) throw new TokenError("its signed attributes do not name a TSTInfo as content type");
  const messageDigest = attrs.get(OID.messageDigest)?.[0];
  if (!messageDigest || !equalBytes(expect(messageDigest, TAG.OCTET_STRING, "messageDigest").content, await digest(digestAlg, tstInfoDer))) {
    throw new TokenError("its signed messageDigest is not the digest of its TSTInfo (the token's content was changed)");
  }
  const essV2 = attrs.get(OID.signingCertificateV2)?.[0];
  const essV1 = attrs.get(OID.signingCertificate)?.[0];
  const essCert = essV2 ?? essV1;
  if (!essCert) throw new TokenError("its signed attributes do not name the signing certificate (ESS signingCertificate)");
  const certId = children(children(essCert)[0])[0];
  const idParts = children(certId);
  const essHash: DigestName = essV2 ? (idParts[0].tag === TAG.SEQUENCE ? hashOf(idParts[0], "the signing certificate's id") : "SHA-256") : "SHA-1";
  const certHash = idParts.find((p) => p.tag === TAG.OCTET_STRING);
  if (!certHash || !equalBytes(certHash.content, await digest(essHash, signer.raw))) {
    throw new TokenError("the signing certificate named in its signed attributes is not the one that signed");
  }
  const sigAlgEl = si[4];
  const signature = expect(si[5], TAG.OCTET_STRING, "signature").content;
  // The signature covers the attributes' DER with its universal SET tag in place of the [0] IMPLICIT one.
  const toSign = concat(Uint8Array.of(TAG.SET), signedAttrs.raw.subarray(1));
  let valid: boolean;
  try {
    valid = await verifySignature(signer, sigAlgEl, digestAlg, signature, toSign);
  } catch (err) {
    if (err instanceof TokenError || err instanceof DerError) throw err;
    throw new TokenError(`its signer's key cannot be used (${(err as Error).message})`);
  }
  if (!valid) throw new TokenError("its signature does not verify with the signer certificate's key");

  const eku = signer.extensions.get(OID.extKeyUsage);
  if (!eku || !children(parseDer(eku.value)).some((p) => oid(p) === OID.timeStamping)) {
    throw new TokenError("the signer certificate is not for time-stamping (no extended key usage timeStamping)");
  }
  if (Date.parse(genTime) < Date.parse(signer.notBefore) || Date.parse(genTime) > Date.parse(signer.notAfter))
    throw new TokenError("genTime lies outside the signer certificate's validity");
  return {
    genTime,
    tsa: tsaField ? generalNameText(children(tsaField)[0]) : nameText(signer.subject),
    serial: toHex(unsignedIntBytes(tst[3])),
    policy: oid(tst[1]),
    hash,
  };
}
