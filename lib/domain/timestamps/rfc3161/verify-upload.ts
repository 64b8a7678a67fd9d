import "server-only";
import { sha256Hex } from "@/lib/platform/crypto";
import { ValidationError } from "@/lib/platform/http/errors";
import { TsaTokenError, verifyTimeStampResponse } from "@/lib/domain/timestamps/rfc3161/token";

export type Rfc3161Verification = {
  /** The token is granted, over this file's SHA-256, signed by its certificate, and that certificate may stamp. */
  valid: boolean;
  /** The time the authority signed (valid tokens only). */
  genTime: Date | null;
  /** The signer's name from its certificate (valid tokens only). */
  tsa: string | null;
  /** Why the token is not valid. */
  reason?: string;
};

/**
 * Public verification of an uploaded `.tsr` against the uploaded file. Bytes that are no TimeStampResp are a 400, as
 * a broken `.ots` is; a token that fails a check is `valid: false` with the reason. Nothing is fetched: a token
 * carries its certificates, and the check is offline (which authority to trust is the reader's call; the name is shown).
 */
export async function verifyTsrUpload(file: Buffer, tsr: Buffer): Promise<Rfc3161Verification> {
  try {
    const token = await verifyTimeStampResponse(tsr, { digest: Buffer.from(sha256Hex(file), "hex") });
    return { valid: true, genTime: token.genTime, tsa: token.tsa };
  } catch (err) {
    if (!(err instanceof TsaTokenError)) throw err;
    if (err.kind === "format") throw new ValidationError(`This is not a valid .tsr token: ${err.message}.`);
    return { valid: false, genTime: null, tsa: null, reason: err.message };
  }
}
