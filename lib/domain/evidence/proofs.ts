import "server-only";
import { db } from "@/lib/platform/db";
import { AGREEMENT_NOT_FOUND } from "@/lib/domain/agreements/owned";
import { ownedIdeaOr404 } from "@/lib/domain/ideas/owned";
import { NotFoundError } from "@/lib/platform/http/errors";
import { sha256Hex } from "@/lib/platform/crypto";
import { exportFileName, exportIdea, type IdeaExport } from "@/lib/domain/ideas/export";
import { acceptancesForIdea, ndaEvidenceDocument, ndaEvidenceFileName, roomItemOf } from "@/lib/domain/evidence/nda-evidence";
import type { RecipientSecrets } from "@/lib/domain/gate/secrets";
import { requireReader } from "@/lib/domain/gate";
import { presentProof, withRetryInterval, withTsaToken, type TimestampScreenJson, type TimestampStatusJson } from "@/lib/domain/timestamps/proof";
import { queueMissingNdaProof, queueMissingVersionProof } from "@/lib/domain/evidence/backfill";
import { acceptanceMethodText } from "@/lib/domain/validation/nda-signature";
import { grantedTokenOr404 } from "@/lib/domain/timestamps/rfc3161/tokens";

/**
 * One published version of the owner's idea with its proof: `version`, else the latest publication. Being published
 * is the version's status, not the presence of a proof: a version published before proofs existed has none until
 * the backfill (lib/domain/evidence/backfill.ts) reaches it, and is queued here on the spot rather than called unpublished.
 * `idea` is what the export is built from: the idea's id and owner with the version's title and content.
 */
export async function ownedIdeaWithProof(ownerId: string, ideaId: number, version?: number | null) {
  const owned = await ownedIdeaOr404(ownerId, ideaId, { select: { id: true, ownerId: true, status: true, version: true } });
  if (owned.status !== "published" || owned.version === null) throw new NotFoundError("This idea is not published, so it has no timestamp");
  const n = version ?? owned.version;
  const find = () => db.ideaVersion.findFirst({ where: { ideaId, version: n, status: "published" }, include: { timestamp: { include: withTsaToken } } });
  let v = await find();
  if (!v) throw new NotFoundError("Version not found");
  if (!v.timestamp) {
    await queueMissingVersionProof(v.id);
    v = await find();
  }
  if (!v?.timestamp) throw new Error(`idea ${ideaId} v${n}: published without a proof after queueing one`);
  const idea = { id: ideaId, ownerId, title: v.title, kind: v.kind, contentCiphertext: v.contentCiphertext, version: v.version, publishedAt: v.publishedAt! };
  return { idea, proof: v.timestamp };
}

/** Every published version of the owner's idea with its proof, oldest first (the evidence pack, the account export). */
export async function ownedVersionsWithProofs(ownerId: string, ideaId: number) {
  await ownedIdeaOr404(ownerId, ideaId, { select: { id: true } });
  const numbers = await db.ideaVersion.findMany({ where: { ideaId, status: "published" }, orderBy: { version: "asc" }, select: { version: true } });
  const out = [];
  for (const { version } of numbers) out.push(await ownedIdeaWithProof(ownerId, ideaId, version));
  return out;
}

export async function getIdeaTimestamp(ownerId: string, ideaId: number, version?: number | null): Promise<TimestampScreenJson> {
  return withRetryInterval(presentProof((await ownedIdeaWithProof(ownerId, ideaId, version)).proof));
}

/** The `.ots` once the calendars answered (a proof without attestations does not exist). */
export async function getIdeaOts(ownerId: string, ideaId: number, version?: number | null): Promise<{ bytes: Buffer; fileName: string }> {
  const { idea, proof } = await ownedIdeaWithProof(ownerId, ideaId, version);
  if (!proof.ots) throw new NotFoundError("No proof yet: the timestamp has not been submitted to the calendars");
  return { bytes: Buffer.from(proof.ots), fileName: `${exportFileName(idea)}.ots` };
}

/** The RFC 3161 token (DER TimeStampResp) once an authority granted it; named like the .ots, ending .tsr. */
export async function getIdeaTsr(ownerId: string, ideaId: number, version?: number | null): Promise<{ bytes: Buffer; fileName: string }> {
  const { idea, proof } = await ownedIdeaWithProof(ownerId, ideaId, version);
  return { bytes: grantedTokenOr404(proof.tsaToken), fileName: `${exportFileName(idea)}.tsr` };
}

/** The exact stamped bytes, rebuilt from the stored version and checked against the recorded digest. */
export async function getIdeaStampedFile(ownerId: string, ideaId: number, version?: number | null): Promise<IdeaExport> {
  const { idea, proof } = await ownedIdeaWithProof(ownerId, ideaId, version);
  const file = await exportIdea(idea);
  if (sha256Hex(file.bytes) !== proof.digest) {
    throw new Error(`idea ${idea.id} v${idea.version}: the rebuilt export does not match its timestamped digest`);
  }
  return file;
}

/** An acceptance of one of the owner's ideas or rooms, with its proof. */
async function ownedNdaWithProof(ownerId: string, ndaId: string) {
  const find = () =>
    db.ndaAcceptance.findFirst({
      where: { id: ndaId, OR: [{ idea: { ownerId } }, { room: { ownerId } }] },
      include: { timestamp: { include: withTsaToken } },
    });
  let nda = await find();
  if (!nda) throw new NotFoundError(AGREEMENT_NOT_FOUND);
  // Accepted before acceptances were stamped: queued now, as the backfill would.
  if (!nda.timestamp) {
    await queueMissingNdaProof(nda);
    nda = await find();
  }
  if (!nda?.timestamp) throw new Error(`NDA acceptance ${ndaId}: accepted without a proof after queueing one`);
  return { nda, proof: nda.timestamp };
}

/**
 * The NDA acceptances of an owner's idea (evidence fields and timestamp state), newest first: its own links', and
 * those made through a room whose agreement named it, with that room and the idea as the agreement listed it
 * (`room: {id, name, item: {ideaId, title, version, sha256}}`; null for the idea's own links'). A room acceptance's
 * `contentSha256` and `version` are its record's: the digest of the room's whole list, no version.
 */
export async function listIdeaNdas(ownerId: string, ideaId: number) {
  await ownedIdeaOr404(ownerId, ideaId, { select: { id: true } });
  const rows = await db.ndaAcceptance.findMany({
    where: acceptancesForIdea(ideaId),
    orderBy: [{ acceptedAt: "desc" }, { id: "desc" }],
    select: {
      id: true, shareId: true, name: true, email: true, phone: true, agreementVersion: true, agreementSha256: true,
      contentSha256: true, version: true, acceptedAt: true, signature: true, timestamp: { include: withTsaToken },
      roomItems: true, room: { select: { id: true, name: true } },
    },
  });
  return rows.map(({ timestamp, roomItems, room, ...nda }) => ({
    ...nda,
    room: room ? { ...room, item: roomItemOf(roomItems, ideaId) } : null,
    acceptedBy: acceptanceMethodText(nda.signature),
    timestamp: timestamp ? presentProof(timestamp) : null,
  }));
}

export async function getNdaTimestamp(ownerId: string, ndaId: string): Promise<TimestampStatusJson> {
  return presentProof((await ownedNdaWithProof(ownerId, ndaId)).proof);
}

export async function getNdaOts(ownerId: string, ndaId: string): Promise<{ bytes: Buffer; fileName: string }> {
  const { nda, proof } = await ownedNdaWithProof(ownerId, ndaId);
  if (!proof.ots) throw new NotFoundError("No proof yet: the timestamp has not been submitted to the calendars");
  return { bytes: Buffer.from(proof.ots), fileName: `${ndaEvidenceFileName(nda.id)}.ots` };
}

export async function getNdaTsr(ownerId: string, ndaId: string): Promise<{ bytes: Buffer; fileName: string }> {
  const { nda, proof } = await ownedNdaWithProof(ownerId, ndaId);
  return { bytes: grantedTokenOr404(proof.tsaToken), fileName: `${ndaEvidenceFileName(nda.id)}.tsr` };
}

/** The acceptance record's canonical serialization: the bytes its proof commits to. */
export async function getNdaEvidenceFile(ownerId: string, ndaId: string) {
  const { nda, proof } = await ownedNdaWithProof(ownerId, ndaId);
  const bytes = ndaEvidenceDocument(nda);
  if (sha256Hex(bytes) !== proof.digest) throw new Error(`NDA acceptance ${nda.id}: the rebuilt record does not match its timestamped digest`);
  return { bytes, fileName: ndaEvidenceFileName(nda.id), contentType: "application/json" };
}

/**
 * The idea behind a share link, for a recipient of this browser who agreed (and verified an e-mail share) and whose
 * view window is open: they may download the proof and the stamped file of what they viewed, nothing else.
 */
export async function ideaOfAgreedRecipient(
  token: string,
  secrets: RecipientSecrets,
): Promise<{ ownerId: string; ideaId: number; version: number | null }> {
  const { share } = await requireReader(token, secrets);
  return { ownerId: share.idea.ownerId, ideaId: share.idea.id, version: share.idea.version };
}
