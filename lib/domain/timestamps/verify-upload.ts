import "server-only";
import { sha256Hex } from "@/lib/platform/crypto";
import { verifyProof, type VerifyOptions, type VerifyResult } from "@/lib/domain/timestamps/verify";
import { verifyTsrUpload, type Rfc3161Verification } from "@/lib/domain/timestamps/rfc3161/verify-upload";

/**
 * POST /api/verify's answer: the OpenTimestamps verdict when an `.ots` came (its fields at the top level, as before
 * tokens existed), and `rfc3161` for a `.tsr` (null without one). With a token alone, the file's SHA-256 is given.
 */
export type VerifyUploadResult = (VerifyResult | { hash: "sha256"; fileDigest: string }) & { rfc3161: Rfc3161Verification | null };

export async function verifyUpload(file: Buffer, proofs: { ots: Buffer | null; tsr: Buffer | null }, options: VerifyOptions = {}): Promise<VerifyUploadResult> {
  // The token first: a broken one is refused before any calendar or explorer is asked about the .ots.
  const rfc3161 = proofs.tsr ? await verifyTsrUpload(file, proofs.tsr) : null;
  const ots = proofs.ots ? await verifyProof(file, proofs.ots, options) : { hash: "sha256" as const, fileDigest: sha256Hex(file) };
  return { ...ots, rfc3161 };
}
