import "server-only";
import { db } from "@/lib/platform/db";
import { HttpError } from "@/lib/platform/http/errors";
import { sha256Hex } from "@/lib/platform/crypto";
import { activityCsv } from "@/lib/domain/activity";
import { exportFileName, exportIdea } from "@/lib/domain/ideas/export";
import { agreementNameText, certificateFileName, formatUtc } from "@/lib/domain/agreements/certificate-pdf";
import { ndaCertificatePdf } from "@/lib/domain/agreements/stored-certificate";
import { certificateInclude } from "@/lib/domain/agreements/certificate-data";
import { acceptancesForIdea, ndaEvidenceDocument, ndaEvidenceFileName } from "@/lib/domain/evidence/nda-evidence";
import { presentProof, type ProofWithToken } from "@/lib/domain/timestamps/proof";
import { hostOf } from "@/lib/domain/timestamps/http";
import { certificatePem, certificatesOfToken } from "@/lib/domain/timestamps/rfc3161/token";
import { queueMissingNdaProof } from "@/lib/domain/evidence/backfill";
import { proofStateLine } from "@/lib/domain/timestamps/text";
import { collectGarbage } from "@/lib/platform/server/gc";
import { slices, type ZipEntry } from "@/lib/platform/zip/stream";

/**
 * One idea's evidence as ZIP entries, built here once for the evidence pack (lib/domain/evidence/pack.ts, at the archive's
 * root) and the account export (lib/features/account/export.ts, under ideas/idea-N/):
 *
 *   versions/vN/idea-ID.html|pdf|json                each published version's stamped file
 *   versions/vN/idea-ID.html.ots                     its OpenTimestamps proof, once the calendars answered
 *   versions/vN/idea-ID.html.tsr                     its RFC 3161 token, once an authority granted it
 *   versions/vN/HOW-TO-VERIFY.txt                    how to verify that version (/verify, the `ots` client)
 *   agreements/NDA-ID/nda-certificate-NDA-ID.pdf     each acceptance's certificate (lib/domain/agreements/certificate-pdf.ts)
 *   agreements/NDA-ID/nda-acceptance-NDA-ID.json     the acceptance record its timestamp proves (lib/domain/evidence/nda-evidence.ts)
 *   agreements/NDA-ID/nda-acceptance-NDA-ID.json.ots that proof, once the calendars answered (and its .tsr token)
 *   tsa/<host>.pem                                   the certificates in the tokens, one file per authority
 *   activity.csv                                     the idea's activity timeline (lib/domain/activity)
 *
 * Memory stays bounded: the caller's ZIP pulls one entry at a time, and acceptances are read a page at a time. Each
 * file's digest is taken from the exact bytes handed to the ZIP (the pack's manifest lists them). A file that cannot
 * be read (a blob missing from the store) is left out and named in `problems`; the rest still comes.
 */

/** Acceptances read per query: a page of certificates' data is all that is held at once. */
const NDA_PAGE = 20;
/** Certificates built between two full collections (lib/platform/server/gc.ts): the pack's memory budget is 50 MB. */
const CERTIFICATES_PER_COLLECTION = 40;

export const utf8 = (text: string) => new TextEncoder().encode(text);

/** A published version: the idea's id and owner with that version's title and content, and its proof. */
export type EvidenceVersion = {
  version: number;
  publishedAt: Date | null;
  idea: { id: number; ownerId: string; title: string; contentCiphertext: Uint8Array; kind: string };
  proof: ProofWithToken;
};

/** What the entries are built from: the owner's idea, its published versions (oldest first) and the site's origin. */
export type IdeaEvidenceSource = {
  idea: { id: number; ownerId: string; title: string };
  versions: EvidenceVersion[];
  origin: string;
  /** The certificates' 'generated' time. */
  createdAt: Date;
};

export type FileRecord = { path: string; sha256: string; size: number };
export type VersionNote = {
  version: number;
  publishedAt: Date | null;
  file: string | null;
  sha256: string | null;
  ots: string | null;
  tsr: string | null;
  guide: string;
  timestamp: ReturnType<typeof presentProof>;
};
export type AgreementNote = {
  id: string;
  name: string;
  email: string;
  /** Which agreement was accepted: the owner's '<title>, version <n>', else the standard wording's version. */
  agreement: string;
  acceptedAt: Date;
  /** Accepted through a room's link, whose agreement listed the idea (absent: through the idea's own link). */
  room?: { id: string; name: string };
  certificate: string | null;
  record: string;
  ots: string | null;
  tsr: string | null;
  timestamp: { status: string; digest: string; rfc3161: ReturnType<typeof presentProof>["rfc3161"] } | null;
};

/** What was written, and what was left out, while the entries were produced. */
export class EvidenceFiles {
  readonly files: FileRecord[] = [];
  readonly problems: string[] = [];
  /** The certificates of the tokens written so far, by authority host (tsa/<host>.pem). */
  readonly tsaCertificates = new Map<string, string>();
  constructor(private readonly label: string) {}

  /** The proof's RFC 3161 token as `<path>`, once granted; its certificates are kept for tsa/<host>.pem. */
  *token(path: string, proof: ProofWithToken): Generator<ZipEntry> {
    const t = proof.tsaToken;
    if (t?.state !== "granted" || !t.token || !t.tsaUrl) return;
    const der = Buffer.from(t.token);
    const host = hostOf(t.tsaUrl).replace(/[^A-Za-z0-9.-]/g, "_");
    if (!this.tsaCertificates.has(host)) this.tsaCertificates.set(host, certificatePem(certificatesOfToken(der)));
    yield this.entry(path, new Uint8Array(der), false);
  }

  /** The entry for `bytes`, its digest and size recorded as it goes into the ZIP. */
  entry(path: string, bytes: Uint8Array, compress: boolean): ZipEntry {
    this.files.push({ path, sha256: sha256Hex(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)), size: bytes.byteLength });
    return { name: path, compress, chunks: slices(bytes) };
  }

  problem(path: string, err: unknown) {
    // A known refusal (a file missing from the store) says why; anything else is logged and stays generic.
    const known = err instanceof HttpError && err.status < 500;
    if (!known) console.error(`[${this.label}] ${path}`, err);
    this.problems.push(`${path}: left out (${known ? err.message.replace(/\.$/, "") : "it could not be read"}).`);
  }
}

/** What one idea's entries hold, by version and agreement (the pack's manifest, the export's account.json). */
export type IdeaEvidenceNotes = { versions: VersionNote[]; agreements: AgreementNote[] };

const join = (folder: string, path: string) => (folder ? `${folder}/${path}` : path);
export const versionFolder = (version: number) => `versions/v${version}`;
export const agreementFolder = (ndaId: string) => `agreements/${ndaId}`;

/** versions/vN/HOW-TO-VERIFY.txt: one version's check, step by step. */
function versionGuide(source: IdeaEvidenceSource, v: EvidenceVersion, fileName: string, ots: string | null) {
  const otsName = `${fileName}.ots`;
  const heading = `How to verify version ${v.version} of idea ${source.idea.id}`;
  return [
    heading,
    "=".repeat(heading.length),
    "",
    `Title: ${JSON.stringify(v.idea.title)}`,
    `Published: ${v.publishedAt ? formatUtc(v.publishedAt) : "unknown"}`,
    `File: ${fileName} (the exact bytes the timestamp proves: ${v.idea.kind === "pdf" ? "the original PDF" : "the title and text as one document"})`,
    `SHA-256: ${v.proof.digest}`,
    `State: ${proofStateLine(v.proof, ots ? otsName : null, "a new pack")}`,
    "",
    "What the proof shows: that this exact file existed no later than the time of a Bitcoin block. It does not show",
    "who wrote it; the agreements in this pack show who was shown it and when.",
    "",
    "1. Check the file is the one proven. Its SHA-256 must equal the digest above:",
    `     sha256sum ${fileName}          (macOS: shasum -a 256 ${fileName})`,
    "2. Verify the proof, in either way:",
    `   - in a browser: open ${source.origin}/verify and give it ${fileName} and ${otsName};`,
    "   - with the reference OpenTimestamps client (https://opentimestamps.org, `pip install opentimestamps-client`),",
    "     keeping the file and its proof side by side in this folder:",
    `       ots verify ${otsName}`,
    "     A pending proof is completed once its Bitcoin block exists:",
    `       ots upgrade ${otsName}`,
    ots ? "" : `(${otsName} is not in this pack yet: download a new pack once the calendars have answered.)`,
    "",
  ].join("\n");
}

/** The version's stamped file, its proof and its guide. */
async function* versionEntries(source: IdeaEvidenceSource, v: EvidenceVersion, folder: string, files: EvidenceFiles, notes: Pick<IdeaEvidenceNotes, "versions">): AsyncGenerator<ZipEntry> {
  const dir = join(folder, versionFolder(v.version));
  const fileName = exportFileName(v.idea);
  const note: VersionNote = {
    version: v.version,
    publishedAt: v.publishedAt,
    file: null,
    sha256: v.proof.digest,
    ots: null,
    tsr: null,
    guide: `${dir}/HOW-TO-VERIFY.txt`,
    timestamp: presentProof(v.proof),
  };
  notes.versions.push(note);
  try {
    const file = await exportIdea(v.idea);
    if (sha256Hex(file.bytes) !== v.proof.digest) {
      files.problems.push(`${dir}/${file.fileName}: its bytes no longer match the digest its timestamp proves.`);
    }
    note.file = `${dir}/${file.fileName}`;
    yield files.entry(note.file, file.bytes, file.contentType !== "application/pdf");
  } catch (err) {
    files.problem(`${dir}/${fileName}`, err);
  }
  if (v.proof.ots) {
    note.ots = `${dir}/${fileName}.ots`;
    yield files.entry(note.ots, new Uint8Array(v.proof.ots), false);
  }
  for (const entry of files.token(`${dir}/${fileName}.tsr`, v.proof)) {
    note.tsr = entry.name;
    yield entry;
  }
  yield files.entry(note.guide, utf8(versionGuide(source, v, fileName, note.ots)), true);
}

/**
 * Whose acceptances: those that are evidence for one idea (its own links', and those made through a room whose
 * agreement named it), or those made through a room's links (one each, covering the room's ideas).
 */
export type AcceptancesOf = { ideaId: number } | { roomId: string };

async function ndaPage(of: AcceptancesOf, after: { acceptedAt: Date; id: string } | null) {
  return db.ndaAcceptance.findMany({
    where: {
      AND: [
        "ideaId" in of ? acceptancesForIdea(of.ideaId) : of,
        after ? { OR: [{ acceptedAt: { gt: after.acceptedAt } }, { acceptedAt: after.acceptedAt, id: { gt: after.id } }] } : {},
      ],
    },
    orderBy: [{ acceptedAt: "asc" }, { id: "asc" }],
    take: NDA_PAGE,
    include: certificateInclude,
  });
}
type NdaRow = Awaited<ReturnType<typeof ndaPage>>[number];

/** Every acceptance, oldest first, a page at a time; one accepted before acceptances were stamped is queued now. */
async function* acceptances(of: AcceptancesOf): AsyncGenerator<NdaRow> {
  let after: { acceptedAt: Date; id: string } | null = null;
  for (;;) {
    const page = await ndaPage(of, after);
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

/** What the agreements' certificates need: the site's origin (their links). */
type CertificateSource = Pick<IdeaEvidenceSource, "origin">;

/**
 * Each acceptance of `of` under `folder`/agreements/ID/: its certificate, its record and the record's proofs (a room
 * acceptance's record and certificate list every idea of the room with its digest).
 */
export async function* agreementEntries(
  source: CertificateSource,
  of: AcceptancesOf,
  folder: string,
  files: EvidenceFiles,
  notes: Pick<IdeaEvidenceNotes, "agreements">,
): AsyncGenerator<ZipEntry> {
  let built = 0;
  for await (const nda of acceptances(of)) {
    if (++built % CERTIFICATES_PER_COLLECTION === 0) collectGarbage();
    const dir = join(folder, agreementFolder(nda.id));
    const note: AgreementNote = {
      id: nda.id,
      name: nda.name,
      email: nda.email,
      agreement: agreementNameText(nda) ?? `Standard agreement, version ${nda.agreementVersion}`,
      acceptedAt: nda.acceptedAt,
      ...(nda.room ? { room: { id: nda.room.id, name: nda.room.name } } : {}),
      certificate: null,
      record: `${dir}/${ndaEvidenceFileName(nda.id)}`,
      ots: null,
      tsr: null,
      timestamp: nda.timestamp ? { status: nda.timestamp.status, digest: nda.timestamp.digest, rfc3161: presentProof(nda.timestamp).rfc3161 } : null,
    };
    notes.agreements.push(note);
    try {
      const pdf = await ndaCertificatePdf(nda, source.origin);
      note.certificate = `${dir}/${certificateFileName(nda.id)}`;
      yield files.entry(note.certificate, pdf, false);
    } catch (err) {
      files.problem(`${dir}/${certificateFileName(nda.id)}`, err);
    }
    yield files.entry(note.record, ndaEvidenceDocument(nda), true);
    if (nda.timestamp?.ots) {
      note.ots = `${note.record}.ots`;
      yield files.entry(note.ots, new Uint8Array(nda.timestamp.ots), false);
    }
    if (!nda.timestamp) continue;
    for (const entry of files.token(`${note.record}.tsr`, nda.timestamp)) {
      note.tsr = entry.name;
      yield entry;
    }
  }
}

/** Every published version of the idea under `folder`/versions/vN/: its stamped file, its proofs and its guide. */
export async function* versionsEntries(source: IdeaEvidenceSource, files: EvidenceFiles, notes: Pick<IdeaEvidenceNotes, "versions">, folder = ""): AsyncGenerator<ZipEntry> {
  for (const v of source.versions) yield* versionEntries(source, v, folder, files, notes);
}

/** The certificates of the tokens written so far, one file per authority under `folder`/tsa/. */
export function* tsaEntries(files: EvidenceFiles, folder = ""): Generator<ZipEntry> {
  for (const [host, pem] of files.tsaCertificates) yield files.entry(join(folder, `tsa/${host}.pem`), utf8(pem), true);
}

/**
 * The idea's entries under `folder` ("" for the archive's root): every published version, every acceptance, the
 * activity. `notes` receives what each version and agreement became (paths, proofs) as the entries are pulled.
 */
export async function* ideaEvidenceEntries(source: IdeaEvidenceSource, files: EvidenceFiles, notes: IdeaEvidenceNotes, folder = ""): AsyncGenerator<ZipEntry> {
  yield* versionsEntries(source, files, notes, folder);
  yield* agreementEntries(source, { ideaId: source.idea.id }, folder, files, notes);
  yield* tsaEntries(files, folder);
  const activity = join(folder, "activity.csv");
  try {
    const { csv } = await activityCsv(source.idea.ownerId, source.idea.id);
    yield files.entry(activity, utf8(csv), true);
  } catch (err) {
    files.problem(activity, err);
  }
}
