import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { ownedIdeaOr404 } from "@/lib/ideas/owned";
import { ConflictError, HttpError, NotFoundError } from "@/lib/api/errors";
import { sha256Hex } from "@/lib/crypto";
import { activityCsv } from "@/lib/activity";
import { exportFileName, exportIdea } from "@/lib/ideas/export";
import { agreementNameText, buildNdaCertificate, certificateFileName, certificateOrigin, formatUtc } from "@/lib/nda/certificate-pdf";
import { certificateInclude } from "@/lib/nda/certificate-data";
import { ndaEvidenceDocument, ndaEvidenceFileName } from "@/lib/nda/evidence";
import { ownedIdeaWithProof, ownedVersionsWithProofs, presentProof } from "@/lib/timestamps";
import { queueMissingNdaProof } from "@/lib/timestamps/backfill";
import { queueDigests } from "@/lib/timestamps/queue";
import { collectGarbage } from "@/lib/server/gc";
import { slices, zipStream, type ZipEntry } from "@/lib/zip/stream";
import type { TimestampProof } from "@/lib/generated/prisma/client";

/**
 * The evidence pack of one idea (GET /api/ideas/{id}/evidence.zip, owner only): everything a lawyer needs, as one ZIP
 * built while it is sent.
 *
 *   README.txt                                       what is where and how to check it, in plain words
 *   versions/vN/idea-ID.html|pdf|json                each published version's stamped file
 *   versions/vN/idea-ID.html.ots                     its OpenTimestamps proof, once the calendars answered
 *   versions/vN/HOW-TO-VERIFY.txt                    how to verify that version (/verify, the `ots` client)
 *   agreements/NDA-ID/nda-certificate-NDA-ID.pdf     each acceptance's certificate (lib/nda/certificate-pdf.ts)
 *   agreements/NDA-ID/nda-acceptance-NDA-ID.json     the acceptance record its timestamp proves (lib/nda/evidence.ts)
 *   agreements/NDA-ID/nda-acceptance-NDA-ID.json.ots that proof, once the calendars answered
 *   activity.csv                                     the idea's activity timeline (lib/activity)
 *   manifest.json                                    last: every file above with its SHA-256 and size, the pack's
 *                                                    id and time, and where its own .ots will be
 *
 * Each published version is one folder, so a later release with several versions per idea adds folders without
 * changing the format. Memory stays bounded: the ZIP is pulled (lib/zip/stream.ts), each pull produces one file, and
 * acceptances are read a page at a time. Each file's digest is taken from the exact bytes handed to the ZIP; the
 * manifest, written last, lists them all. Once the archive's last bytes are handed to the client, the pack is
 * recorded (EvidencePack) and the manifest's digest queued for a timestamp, in one transaction: a download that
 * stopped half-way leaves no pack claiming a proof for bytes nobody received.
 */

export const EVIDENCE_PACK_FORMAT = "ideavault-evidence-pack-1";

/** Acceptances read per query: a page of certificates' data is all the pack holds at once. */
const NDA_PAGE = 20;
/** Certificates built between two full collections (lib/server/gc.ts): the pack's memory budget is 50 MB. */
const CERTIFICATES_PER_COLLECTION = 40;

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A published version as the pack sees it: the idea's id and owner with that version's title and content. */
type PackVersion = {
  version: number;
  publishedAt: Date | null;
  idea: { id: number; ownerId: string; title: string; contentCiphertext: Uint8Array; kind: string };
  proof: TimestampProof;
};

type PackIdea = Awaited<ReturnType<typeof ownedIdeaWithProof>>["idea"];

export type EvidencePackPlan = { packId: string; idea: PackIdea; versions: PackVersion[]; createdAt: Date; origin: string };

type FileRecord = { path: string; sha256: string; size: number };
type VersionNote = { version: number; publishedAt: Date | null; file: string | null; sha256: string | null; ots: string | null; guide: string; timestamp: ReturnType<typeof presentProof> };
type AgreementNote = {
  id: string;
  name: string;
  email: string;
  /** Which agreement was accepted: the owner's '<title>, version <n>', else the standard wording's version. */
  agreement: string;
  acceptedAt: Date;
  certificate: string | null;
  record: string;
  ots: string | null;
  timestamp: { status: string; digest: string } | null;
};

class PackState {
  readonly files: FileRecord[] = [];
  readonly versions: VersionNote[] = [];
  readonly agreements: AgreementNote[] = [];
  readonly problems: string[] = [];
  manifestSha256: string | null = null;

  /** The entry for `bytes`, its digest and size recorded for the manifest as it goes into the ZIP. */
  entry(path: string, bytes: Uint8Array, compress: boolean): ZipEntry {
    this.files.push({ path, sha256: sha256Hex(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)), size: bytes.byteLength });
    return { name: path, compress, chunks: slices(bytes) };
  }

  problem(path: string, err: unknown) {
    // A known refusal (a file missing from the store) says why; anything else is logged and stays generic.
    const known = err instanceof HttpError && err.status < 500;
    if (!known) console.error(`[evidence pack] ${path}`, err);
    this.problems.push(`${path}: left out (${known ? err.message.replace(/\.$/, "") : "it could not be read"}).`);
  }
}

export const versionFolder = (version: number) => `versions/v${version}`;
export const agreementFolder = (ndaId: string) => `agreements/${ndaId}`;

/** Where the manifest's proof is served once the calendars answered. */
export function manifestOtsUrl(origin: string, ideaId: number, packId: string) {
  return `${origin}/api/ideas/${ideaId}/evidence/${packId}/manifest.ots`;
}

export function evidencePackFileName(ideaId: number, now = new Date()) {
  return `evidence-idea-${ideaId}-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * Checks before any byte is sent: the owner's idea (another creator's, or none, is a 404) and published (a draft has
 * no published version and no agreement: 409). An idea published before proofs existed gets its proof queued here.
 */
export async function planEvidencePack(ownerId: string, ideaId: number): Promise<EvidencePackPlan> {
  const found = await ownedIdeaOr404(ownerId, ideaId, { select: { status: true } });
  if (found.status !== "published") {
    throw new ConflictError("This idea is not published yet: an evidence pack holds published versions and the agreements made on them.");
  }
  const published = await ownedVersionsWithProofs(ownerId, ideaId);
  const latest = published[published.length - 1];
  if (!latest) throw new ConflictError("This idea has no published version yet.");
  return {
    packId: crypto.randomBytes(16).toString("base64url"),
    idea: latest.idea,
    versions: published.map(({ idea, proof }) => ({ version: idea.version, publishedAt: idea.publishedAt, idea, proof })),
    createdAt: new Date(),
    origin: certificateOrigin(),
  };
}

function proofLine(p: TimestampProof, ots: string | null) {
  switch (p.status) {
    case "queued":
      return "No proof yet: the digest is queued for the OpenTimestamps calendars. Download a new pack later for its .ots.";
    case "pending":
      return `Proof pending (${ots}): the calendars hold it, a Bitcoin block does not yet. 'ots upgrade' completes it later.`;
    case "confirmed":
      return `Proof confirmed in Bitcoin block ${p.bitcoinHeight ?? "?"}${p.bitcoinTime ? ` (${formatUtc(p.bitcoinTime)})` : ""}: ${ots}.`;
    case "failed":
      return `No proof: timestamping failed${p.lastError ? ` (${p.lastError})` : ""}.${ots ? ` The partial proof is ${ots}.` : ""}`;
  }
}

/** versions/vN/HOW-TO-VERIFY.txt: one version's check, step by step. */
function versionGuide(plan: EvidencePackPlan, v: PackVersion, fileName: string, ots: string | null) {
  const otsName = `${fileName}.ots`;
  return [
    `How to verify version ${v.version} of idea ${plan.idea.id}`,
    "=".repeat(`How to verify version ${v.version} of idea ${plan.idea.id}`.length),
    "",
    `Title: ${JSON.stringify(v.idea.title)}`,
    `Published: ${v.publishedAt ? formatUtc(v.publishedAt) : "unknown"}`,
    `File: ${fileName} (the exact bytes the timestamp proves: ${v.idea.kind === "pdf" ? "the original PDF" : "the title and text as one document"})`,
    `SHA-256: ${v.proof.digest}`,
    `State: ${proofLine(v.proof, ots ? otsName : null)}`,
    "",
    "What the proof shows: that this exact file existed no later than the time of a Bitcoin block. It does not show",
    "who wrote it; the agreements in this pack show who was shown it and when.",
    "",
    "1. Check the file is the one proven. Its SHA-256 must equal the digest above:",
    `     sha256sum ${fileName}          (macOS: shasum -a 256 ${fileName})`,
    "2. Verify the proof, in either way:",
    `   - in a browser: open ${plan.origin}/verify and give it ${fileName} and ${otsName};`,
    "   - with the reference OpenTimestamps client (https://opentimestamps.org, `pip install opentimestamps-client`),",
    "     keeping the file and its proof side by side in this folder:",
    `       ots verify ${otsName}`,
    "     A pending proof is completed once its Bitcoin block exists:",
    `       ots upgrade ${otsName}`,
    ots ? "" : `(${otsName} is not in this pack yet: download a new pack once the calendars have answered.)`,
    "",
  ].join("\n");
}

function readme(plan: EvidencePackPlan) {
  const otsUrl = manifestOtsUrl(plan.origin, plan.idea.id, plan.packId);
  return [
    `Evidence pack of idea ${plan.idea.id}: ${JSON.stringify(plan.idea.title)}`,
    "",
    `Pack ${plan.packId}, made ${formatUtc(plan.createdAt)} on ${plan.origin}.`,
    "",
    "What is here",
    "------------",
    "versions/vN/            Each published version of the idea: its stamped file (the exact bytes its timestamp",
    "                        proves), that file's OpenTimestamps proof (.ots) and HOW-TO-VERIFY.txt.",
    "agreements/ID/          Each non-disclosure agreement accepted for the idea: the certificate (PDF) with the full",
    "                        agreement text and the recipient's identity, time, IP and device; the acceptance record",
    "                        (.json), which holds the SHA-256 of the version shown; and that record's proof (.json.ots).",
    "activity.csv            Every link, recipient, agreement, view and comment, newest first.",
    "manifest.json           Every file of this pack with its SHA-256 and size, and the pack's time.",
    "",
    "How to check it",
    "---------------",
    "1. Each file is the one the manifest names: `sha256sum -c` style, compare `sha256sum FILE` with manifest.json.",
    `2. Each proof: open ${plan.origin}/verify and give it the file and its .ots, or run the reference client`,
    "   (`pip install opentimestamps-client`) in the file's folder: `ots verify FILE.ots`. See versions/vN/HOW-TO-VERIFY.txt.",
    "3. An agreement's record names the content shown by its SHA-256: it equals a version's digest.",
    "4. The manifest itself: its SHA-256 is queued for a timestamp when the download completes. Fetch its proof, signed",
    `   in as the idea's owner, from ${otsUrl}`,
    "   (a few minutes later; until the calendars answer the address says it is not ready), save it as",
    "   manifest.json.ots beside manifest.json and verify it the same way. That proof fixes the whole pack in time.",
    "",
  ].join("\n");
}

/** The version's stamped file, its proof and its guide. */
async function* versionEntries(plan: EvidencePackPlan, v: PackVersion, state: PackState): AsyncGenerator<ZipEntry> {
  const folder = versionFolder(v.version);
  const fileName = exportFileName(v.idea);
  const note: VersionNote = {
    version: v.version,
    publishedAt: v.publishedAt,
    file: null,
    sha256: v.proof.digest,
    ots: null,
    guide: `${folder}/HOW-TO-VERIFY.txt`,
    timestamp: presentProof(v.proof),
  };
  state.versions.push(note);
  try {
    const file = await exportIdea(v.idea);
    if (sha256Hex(file.bytes) !== v.proof.digest) {
      state.problems.push(`${folder}/${file.fileName}: its bytes no longer match the digest its timestamp proves.`);
    }
    note.file = `${folder}/${file.fileName}`;
    yield state.entry(note.file, file.bytes, file.contentType !== "application/pdf");
  } catch (err) {
    state.problem(`${folder}/${fileName}`, err);
  }
  if (v.proof.ots) {
    note.ots = `${folder}/${fileName}.ots`;
    yield state.entry(note.ots, new Uint8Array(v.proof.ots), false);
  }
  yield state.entry(note.guide, utf8(versionGuide(plan, v, fileName, note.ots)), true);
}

async function ndaPage(ideaId: number, after: { acceptedAt: Date; id: string } | null) {
  return db.ndaAcceptance.findMany({
    where: {
      ideaId,
      ...(after ? { OR: [{ acceptedAt: { gt: after.acceptedAt } }, { acceptedAt: after.acceptedAt, id: { gt: after.id } }] } : {}),
    },
    orderBy: [{ acceptedAt: "asc" }, { id: "asc" }],
    take: NDA_PAGE,
    include: certificateInclude,
  });
}
type NdaRow = Awaited<ReturnType<typeof ndaPage>>[number];

/** Every acceptance, oldest first, a page at a time; one accepted before acceptances were stamped is queued now. */
async function* acceptances(ideaId: number): AsyncGenerator<NdaRow> {
  let after: { acceptedAt: Date; id: string } | null = null;
  for (;;) {
    const page = await ndaPage(ideaId, after);
    for (const row of page) {
      if (row.timestamp) yield row;
      else {
        await queueMissingNdaProof(row);
        yield await db.ndaAcceptance.findUniqueOrThrow({ where: { id: row.id }, include: certificateInclude });
      }
    }
    if (page.length < NDA_PAGE) return;
    const last = page[page.length - 1];
    after = { acceptedAt: last.acceptedAt, id: last.id };
  }
}

async function* agreementEntries(plan: EvidencePackPlan, state: PackState): AsyncGenerator<ZipEntry> {
  let built = 0;
  for await (const nda of acceptances(plan.idea.id)) {
    if (++built % CERTIFICATES_PER_COLLECTION === 0) collectGarbage();
    const folder = agreementFolder(nda.id);
    const note: AgreementNote = {
      id: nda.id,
      name: nda.name,
      email: nda.email,
      agreement: agreementNameText(nda) ?? `Standard agreement, version ${nda.agreementVersion}`,
      acceptedAt: nda.acceptedAt,
      certificate: null,
      record: `${folder}/${ndaEvidenceFileName(nda.id)}`,
      ots: null,
      timestamp: nda.timestamp ? { status: nda.timestamp.status, digest: nda.timestamp.digest } : null,
    };
    state.agreements.push(note);
    try {
      const pdf = await buildNdaCertificate(nda, plan.origin, plan.createdAt);
      note.certificate = `${folder}/${certificateFileName(nda.id)}`;
      yield state.entry(note.certificate, pdf, false);
    } catch (err) {
      state.problem(`${folder}/${certificateFileName(nda.id)}`, err);
    }
    yield state.entry(note.record, ndaEvidenceDocument(nda), true);
    if (nda.timestamp?.ots) {
      note.ots = `${note.record}.ots`;
      yield state.entry(note.ots, new Uint8Array(nda.timestamp.ots), false);
    }
  }
}

/** manifest.json: written last, from what the pack actually holds. */
function manifest(plan: EvidencePackPlan, state: PackState) {
  return {
    format: EVIDENCE_PACK_FORMAT,
    pack: plan.packId,
    createdAt: plan.createdAt,
    origin: plan.origin,
    idea: { id: plan.idea.id, title: plan.idea.title },
    manifestTimestamp: {
      ots: manifestOtsUrl(plan.origin, plan.idea.id, plan.packId),
      about:
        "The SHA-256 of this manifest.json, exactly as in the pack, is queued for an OpenTimestamps proof when the download " +
        "completes. The owner downloads that proof from the address above once the calendars have answered; save it as " +
        "manifest.json.ots beside this file and verify it like the others.",
    },
    versions: state.versions,
    agreements: state.agreements,
    activity: "activity.csv",
    files: state.files,
    problems: state.problems,
  };
}

async function* packEntries(plan: EvidencePackPlan, state: PackState): AsyncGenerator<ZipEntry> {
  yield state.entry("README.txt", utf8(readme(plan)), true);
  for (const v of plan.versions) yield* versionEntries(plan, v, state);
  yield* agreementEntries(plan, state);
  try {
    const { csv } = await activityCsv(plan.idea.ownerId, plan.idea.id);
    yield state.entry("activity.csv", utf8(csv), true);
  } catch (err) {
    state.problem("activity.csv", err);
  }
  const bytes = utf8(`${JSON.stringify(manifest(plan, state), null, 2)}\n`);
  state.manifestSha256 = sha256Hex(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  yield { name: "manifest.json", compress: true, chunks: slices(bytes) };
}

/** Records the pack and queues its manifest's digest, together: a pack row always has its proof. */
async function recordPack(plan: EvidencePackPlan, manifestSha256: string) {
  await db.$transaction(async (tx) => {
    await tx.evidencePack.create({ data: { id: plan.packId, ideaId: plan.idea.id, manifestSha256, createdAt: plan.createdAt } });
    await queueDigests(tx, [{ evidencePackId: plan.packId, digest: manifestSha256 }]);
  });
}

/** The pack as a byte stream; nothing is read before the consumer pulls. */
export function evidencePackStream(plan: EvidencePackPlan): ReadableStream<Uint8Array> {
  const state = new PackState();
  return zipStream(packEntries(plan, state), {
    mtime: plan.createdAt,
    label: "evidence pack",
    onComplete: async () => {
      if (!state.manifestSha256) throw new Error("the pack ended without its manifest");
      await recordPack(plan, state.manifestSha256);
    },
  });
}

/**
 * GET /api/ideas/{id}/evidence/{packId}/manifest.ots: the proof of a pack's manifest, for the idea's owner. Another
 * owner's pack, an unknown one or one of another idea is a 404; a pack whose digest the calendars have not received
 * yet is a 409 saying so (the proof will come: it is not missing).
 */
export async function getEvidencePackOts(ownerId: string, ideaId: number, packId: string): Promise<{ bytes: Buffer; fileName: string }> {
  const pack = await db.evidencePack.findFirst({ where: { id: packId, ideaId, idea: { ownerId } }, include: { timestamp: true } });
  if (!pack?.timestamp) throw new NotFoundError("Evidence pack not found");
  const proof = pack.timestamp;
  if (!proof.ots) {
    throw new ConflictError(
      proof.status === "failed"
        ? `The manifest could not be timestamped${proof.lastError ? `: ${proof.lastError}` : ""}.`
        : "The manifest's timestamp is not ready yet: its digest is queued for the OpenTimestamps calendars. Try again in a few minutes.",
    );
  }
  return { bytes: Buffer.from(proof.ots), fileName: "manifest.json.ots" };
}
