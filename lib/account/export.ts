import "server-only";
import { slices, zipStream, type ZipEntry as Entry } from "@/lib/zip/stream";
import { db } from "@/lib/db";
import { HttpError } from "@/lib/api/errors";
import { sha256Hex } from "@/lib/crypto";
import { activityCsv } from "@/lib/activity";
import { readAssetBytes } from "@/lib/files";
import { exportFileName, exportIdea } from "@/lib/ideas/export";
import { buildNdaCertificate, certificateFileName, certificateOrigin, formatUtc } from "@/lib/nda/certificate-pdf";
import { findCertificateData } from "@/lib/nda/certificate-data";
import { ndaEvidenceDocument, ndaEvidenceFileName } from "@/lib/nda/evidence";
import { presentProof } from "@/lib/timestamps";
import type { TimestampProof } from "@/lib/generated/prisma/client";

/**
 * 'Download my data' (GET /api/account/export): everything the account holds, as one ZIP built while it is sent.
 *
 *   README.txt                              what is where, which ideas have a proof, how to verify one
 *   account.json                            profile, settings, uploaded files, and per idea its links with their
 *                                           recipients and views, its agreements and its comments
 *   ideas/idea-N/idea-N.html|pdf|json       the idea as its stamped file (lib/ideas/export.ts): for a published idea
 *                                           the exact bytes its timestamp proves; for a draft its current content
 *   ideas/idea-N/idea-N.html.ots            the idea's OpenTimestamps proof, once the calendars answered
 *   ideas/idea-N/activity.csv               the idea's activity timeline (lib/activity)
 *   ideas/idea-N/ndas/nda-certificate-ID.pdf    each acceptance's certificate (lib/nda/certificate-pdf.ts)
 *   ideas/idea-N/ndas/nda-acceptance-ID.json    the acceptance record its timestamp proves, with its .ots
 *   files/ID-name                           every other uploaded file (images, the profile picture)
 *
 * Memory stays bounded whatever the account's size: the stream is pulled, and each pull reads, decrypts and zips one
 * file (or one idea's part of account.json) only when the consumer has taken everything before it. Rows are read per
 * idea, never for the whole account at once. A file that cannot be read (a blob missing from the store) does not end
 * the export: it is listed under "problems" in account.json and README.txt.
 */

const utf8 = (text: string) => new TextEncoder().encode(text);

const folderOf = (ideaId: number) => `ideas/idea-${ideaId}`;

/** A name safe in every unzip tool: ASCII letters, digits, dot, dash and underscore only. */
function safeName(name: string) {
  return name.normalize("NFKD").replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+/, "").slice(0, 80) || "file";
}

const ideaSelect = {
  id: true,
  ownerId: true,
  title: true,
  kind: true,
  status: true,
  contentCiphertext: true,
  contentSha256: true,
  pdfAssetId: true,
  publishedAt: true,
  createdAt: true,
  lastModified: true,
  // Proofs hang on versions (issue 18 §1): every published version, oldest first, with its proof.
  versions: { where: { status: "published" as const }, orderBy: { version: "asc" as const }, include: { timestamp: true } },
} as const;

async function ideaIds(userId: string) {
  return (await db.idea.findMany({ where: { ownerId: userId }, orderBy: { id: "asc" }, select: { id: true } })).map((i) => i.id);
}

async function loadIdea(userId: string, id: number) {
  return db.idea.findFirst({ where: { id, ownerId: userId }, select: ideaSelect });
}
type LoadedIdea = NonNullable<Awaited<ReturnType<typeof loadIdea>>>;

/** What the export learned about each idea while writing its files, for account.json and README.txt. */
type IdeaNote = { id: number; title: string; status: string; file: string | null; ots: string | null; proof: TimestampProof | null };

class ExportState {
  readonly problems: string[] = [];
  readonly ideas = new Map<number, IdeaNote>();
  readonly exportedAt = new Date();
  problem(path: string, err: unknown) {
    // A known refusal (a file missing from the store) says why; anything else is logged and stays generic.
    const known = err instanceof HttpError && err.status < 500;
    if (!known) console.error(`[account export] ${path}`, err);
    this.problems.push(`${path}: left out (${known ? err.message.replace(/\.$/, "") : "it could not be read"}).`);
  }
}

/** The files of one idea: its stamped file and proof, its activity, and its agreements' certificates and records. */
async function* ideaEntries(userId: string, idea: LoadedIdea, state: ExportState): AsyncGenerator<Entry> {
  const folder = folderOf(idea.id);
  // The idea's own file is its latest publication (or its draft); earlier versions go under versions/vN/.
  const latest = idea.versions[idea.versions.length - 1];
  const proof = latest?.timestamp ?? null;
  const note: IdeaNote = { id: idea.id, title: idea.title, status: idea.status, file: null, ots: null, proof };
  state.ideas.set(idea.id, note);
  const fileName = exportFileName(idea);
  try {
    const file = await exportIdea(idea);
    if (proof && sha256Hex(file.bytes) !== proof.digest) {
      state.problems.push(`${folder}/${file.fileName}: its bytes no longer match the digest its timestamp proves.`);
    }
    note.file = `${folder}/${file.fileName}`;
    yield { name: note.file, compress: file.contentType !== "application/pdf", chunks: slices(file.bytes) };
  } catch (err) {
    state.problem(`${folder}/${fileName}`, err);
  }
  if (proof?.ots) {
    note.ots = `${folder}/${fileName}.ots`;
    yield { name: note.ots, compress: false, chunks: [new Uint8Array(proof.ots)] };
  }
  for (const v of idea.versions.slice(0, -1)) {
    const path = `${folder}/versions/v${v.version}/${exportFileName({ id: idea.id, kind: v.kind })}`;
    try {
      const file = await exportIdea({ id: idea.id, ownerId: idea.ownerId, title: v.title, contentCiphertext: v.contentCiphertext });
      yield { name: path, compress: file.contentType !== "application/pdf", chunks: slices(file.bytes) };
      if (v.timestamp?.ots) yield { name: `${path}.ots`, compress: false, chunks: [new Uint8Array(v.timestamp.ots)] };
    } catch (err) {
      state.problem(path, err);
    }
  }
  try {
    const csv = await activityCsv(userId, idea.id);
    yield { name: `${folder}/activity.csv`, compress: true, chunks: [utf8(csv.csv)] };
  } catch (err) {
    state.problem(`${folder}/activity.csv`, err);
  }
  const ndas = await db.ndaAcceptance.findMany({ where: { ideaId: idea.id }, orderBy: { acceptedAt: "asc" }, select: { id: true } });
  for (const { id } of ndas) {
    try {
      const nda = await findCertificateData(id, { userId, secrets: [] });
      yield { name: `${folder}/ndas/${certificateFileName(id)}`, compress: false, chunks: [await buildNdaCertificate(nda)] };
      const record = await db.ndaAcceptance.findUniqueOrThrow({ where: { id }, include: { timestamp: true } });
      yield { name: `${folder}/ndas/${ndaEvidenceFileName(id)}`, compress: true, chunks: [ndaEvidenceDocument(record)] };
      if (record.timestamp?.ots) yield { name: `${folder}/ndas/${ndaEvidenceFileName(id)}.ots`, compress: false, chunks: [new Uint8Array(record.timestamp.ots)] };
    } catch (err) {
      state.problem(`${folder}/ndas/${certificateFileName(id)}`, err);
    }
  }
}

/** Uploaded files that are not an idea's or a version's PDF (those are stamped files of their own): images, the profile picture. */
async function otherFiles(userId: string) {
  return db.asset.findMany({
    where: { ownerId: userId, pdfOfIdea: null, pdfOfVersions: { none: {} } },
    orderBy: { createdAt: "asc" },
    select: { id: true, kind: true, blobKey: true, fileName: true, contentType: true, size: true, createdAt: true, ideaId: true },
  });
}
const filePath = (a: { id: string; fileName: string }) => `files/${a.id}-${safeName(a.fileName)}`;

async function* fileEntries(userId: string, state: ExportState): AsyncGenerator<Entry> {
  for (const asset of await otherFiles(userId)) {
    try {
      const bytes = await readAssetBytes(asset);
      yield { name: filePath(asset), compress: false, chunks: slices(bytes) };
    } catch (err) {
      state.problem(filePath(asset), err);
    }
  }
}

function proofJson(p: TimestampProof | null, otsPath: string | null) {
  return p ? { ...presentProof(p), ots: otsPath } : null;
}

/** One idea's part of account.json: the idea, its links with their recipients and views, agreements and comments. */
async function ideaRecord(userId: string, id: number, state: ExportState) {
  const idea = await db.idea.findFirst({
    where: { id, ownerId: userId },
    select: {
      id: true, title: true, kind: true, status: true, contentSha256: true, createdAt: true, lastModified: true, publishedAt: true,
      shares: {
        orderBy: { createdAt: "asc" },
        select: {
          id: true, shareType: true, accessLink: true, createdAt: true, expiresAt: true, maxViews: true, viewCount: true,
          revokedAt: true, recipientEmail: true, allowDownload: true, screenShield: true, name: true, note: true,
          allowedEmails: true, allowedDomains: true, blockedDomains: true, agreementId: true, requireNda: true, pinnedVersion: true,
          passcodeHash: true,
          recipients: {
            orderBy: { createdAt: "asc" },
            select: {
              id: true, name: true, email: true, phone: true, agreedToNda: true, emailVerifiedAt: true, declinedAt: true,
              ip: true, userAgent: true, createdAt: true,
            },
          },
          views: {
            orderBy: { viewedAt: "asc" },
            select: { id: true, recipientId: true, viewedAt: true, ip: true, userAgent: true, engagementMs: true, pageCount: true },
          },
        },
      },
      ndas: {
        orderBy: { acceptedAt: "asc" },
        select: {
          id: true, recipientId: true, shareId: true, name: true, email: true, phone: true, agreementVersion: true, agreementText: true,
          agreementSha256: true, contentSha256: true, ip: true, userAgent: true, acceptedAt: true, timestamp: true,
        },
      },
      comments: {
        orderBy: { createdAt: "asc" },
        select: { id: true, recipientId: true, author: true, authorRole: true, content: true, parentId: true, createdAt: true },
      },
    },
  });
  if (!idea) return null;
  const note = state.ideas.get(id);
  const folder = folderOf(id);
  const { shares, ndas, ...rest } = idea;
  return {
    ...rest,
    file: note?.file ?? null,
    activity: `${folder}/activity.csv`,
    proof: proofJson(note?.proof ?? null, note?.ots ?? null),
    // Whether a link has a passcode, never its hash.
    links: shares.map(({ shareType, passcodeHash, ...s }) => ({ ...s, shareType: shareTypeName(shareType), passcode: passcodeHash !== null })),
    agreements: ndas.map(({ timestamp, ...n }) => ({
      ...n,
      certificate: `${folder}/ndas/${certificateFileName(n.id)}`,
      record: `${folder}/ndas/${ndaEvidenceFileName(n.id)}`,
      proof: proofJson(timestamp, timestamp?.ots ? `${folder}/ndas/${ndaEvidenceFileName(n.id)}.ots` : null),
    })),
  };
}

/** The API's names of link types (Prisma's enum keys differ for two of them). */
function shareTypeName(t: string) {
  return t === "one_time" ? "one-time" : t === "time_dependent" ? "time-dependent" : t === "full_access" ? "full-access" : t;
}

/** A JSON value written two spaces deeper, for embedding in the hand-assembled top level of account.json. */
function nested(value: unknown) {
  return JSON.stringify(value, null, 2).replace(/\n/g, "\n    ");
}

/** account.json, one idea at a time. */
async function* accountJson(userId: string, state: ExportState): AsyncGenerator<Uint8Array> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      id: true, name: true, email: true, emailVerified: true, createdAt: true, passwordHash: true, profileImageId: true,
      notifyNdaAccepted: true, notifyFirstView: true, notifyComments: true, showEmailOnCertificates: true,
      sharingBlockedDomains: true, defaultAllowDownload: true, defaultScreenShield: true, defaultExpiryDays: true,
      accounts: { select: { provider: true } },
      // Where events went; never a signing secret.
      webhooks: { select: { id: true, url: true, events: true, createdAt: true }, orderBy: { createdAt: "asc" } },
      // The owner's own agreements (issue 17 §4), every version's exact wording, deleted ones included (evidence names them).
      agreements: {
        select: {
          id: true, title: true, isDefault: true, createdAt: true, deletedAt: true,
          versions: { select: { version: true, title: true, body: true, createdAt: true }, orderBy: { version: "asc" } },
        },
        orderBy: { createdAt: "asc" },
      },
    },
  });
  const profile = {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt,
    signInWithPassword: user.passwordHash !== null,
    socialSignIns: user.accounts.map((a) => a.provider),
    profileImage: user.profileImageId,
  };
  const settings = {
    notifyNdaAccepted: user.notifyNdaAccepted,
    notifyFirstView: user.notifyFirstView,
    notifyComments: user.notifyComments,
    showEmailOnCertificates: user.showEmailOnCertificates,
    sharingDefaults: {
      blockedDomains: user.sharingBlockedDomains,
      allowDownload: user.defaultAllowDownload,
      screenShield: user.defaultScreenShield,
      expiryDays: user.defaultExpiryDays,
    },
    webhooks: user.webhooks,
  };
  const files = (await otherFiles(userId)).map((a) => ({
    id: a.id, kind: a.kind, fileName: a.fileName, contentType: a.contentType, size: a.size, createdAt: a.createdAt, ideaId: a.ideaId,
    path: state.problems.some((p) => p.startsWith(`${filePath(a)}:`)) ? null : filePath(a),
  }));
  yield utf8(
    `{\n  "format": "ideavault-account-export-1",\n  "exportedAt": ${JSON.stringify(state.exportedAt)},\n` +
      `  "profile": ${nested(profile).replace(/\n {4}/g, "\n  ")},\n  "settings": ${nested(settings).replace(/\n {4}/g, "\n  ")},\n` +
      `  "agreements": ${nested(user.agreements).replace(/\n {4}/g, "\n  ")},\n` +
      `  "files": ${nested(files).replace(/\n {4}/g, "\n  ")},\n  "ideas": [`,
  );
  let first = true;
  for (const id of await ideaIds(userId)) {
    const record = await ideaRecord(userId, id, state);
    if (!record) continue;
    yield utf8(`${first ? "" : ","}\n    ${nested(record)}`);
    first = false;
  }
  yield utf8(`${first ? "" : "\n  "}],\n  "problems": ${JSON.stringify(state.problems, null, 2).replace(/\n/g, "\n  ")}\n}\n`);
}

function proofLine(note: IdeaNote) {
  const p = note.proof;
  if (!p) return note.status === "draft" ? "no proof: drafts are not timestamped; the file is the draft's current content." : "no proof recorded.";
  switch (p.status) {
    case "queued":
      return "no proof yet: the digest is queued for the OpenTimestamps calendars. Download your data again later for the .ots.";
    case "pending":
      return `proof pending (${note.ots}): the calendars hold it, a Bitcoin block does not yet. 'ots upgrade' completes it later.`;
    case "confirmed":
      return `proof confirmed in Bitcoin block ${p.bitcoinHeight ?? "?"}${p.bitcoinTime ? ` (${formatUtc(p.bitcoinTime)})` : ""}: ${note.ots}`;
    case "failed":
      return `no proof: timestamping failed${p.lastError ? ` (${p.lastError})` : ""}.${note.ots ? ` The partial proof is ${note.ots}.` : ""}`;
  }
}

function readme(user: { name: string; email: string }, state: ExportState) {
  const origin = certificateOrigin();
  const ideas = [...state.ideas.values()];
  const lines = [
    "IdeaVault: your data",
    "====================",
    "",
    `Exported ${formatUtc(state.exportedAt)} for ${user.name} <${user.email}> from ${origin}.`,
    "",
    "What is here",
    "------------",
    "account.json                 Your profile and settings, your own agreements, your uploaded files, and for every idea: its share links",
    "                             with their recipients and views, the agreements (NDA acceptances) and the comments.",
    "ideas/idea-N/idea-N.html     The idea as its stamped file: for a published idea the exact bytes its timestamp",
    "  (or .pdf, or .json)        proves (an HTML document of the title and text, or the original PDF); for a draft",
    "                             its current content.",
    "ideas/idea-N/idea-N.*.ots    The OpenTimestamps proof of that file, when it has one.",
    "ideas/idea-N/activity.csv    The idea's activity: links, recipients, agreements, views, comments, replies.",
    "ideas/idea-N/ndas/           Each recipient's NDA acceptance certificate (PDF), the acceptance record its",
    "                             timestamp proves (.json) and that proof (.json.ots).",
    "files/                       Images and other files you uploaded.",
    "",
    "How to verify a proof",
    "---------------------",
    "A proof shows that a file existed no later than a Bitcoin block's time. It does not show who wrote the file.",
    "1. Keep the file and its proof side by side with the same name, e.g. idea-3.pdf and idea-3.pdf.ots.",
    "2. Check that the file is the one proven: `sha256sum idea-3.pdf` prints the digest the proof commits to",
    "   (ideas[].proof.digest in account.json).",
    `3. Verify it: open ${origin}/verify and give it the file and its .ots, or use the standard OpenTimestamps`,
    "   client (https://opentimestamps.org, `pip install opentimestamps-client`): `ots verify idea-3.pdf.ots`.",
    "   A pending proof is completed by `ots upgrade idea-3.pdf.ots` once its Bitcoin block exists.",
    "The same applies to an acceptance record (nda-acceptance-ID.json) and its .ots.",
    "",
    "Ideas and their proofs",
    "----------------------",
    ...(ideas.length ? ideas.map((n) => `idea-${n.id} (${n.status}) ${JSON.stringify(n.title)}: ${proofLine(n)}`) : ["You have no ideas."]),
    "",
  ];
  if (state.problems.length) lines.push("Left out", "--------", ...state.problems, "");
  return lines.join("\n");
}

/** Every entry of the archive, produced one at a time as the ZIP asks for the next. */
async function* entries(userId: string, state: ExportState): AsyncGenerator<Entry> {
  for (const id of await ideaIds(userId)) {
    const idea = await loadIdea(userId, id);
    if (idea) yield* ideaEntries(userId, idea, state);
  }
  yield* fileEntries(userId, state);
  yield { name: "account.json", compress: true, chunks: accountJson(userId, state) };
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { name: true, email: true } });
  yield { name: "README.txt", compress: true, chunks: [utf8(readme(user, state))] };
}

/** The account's name in the download's file name. */
export function accountExportFileName(now = new Date()) {
  return `ideavault-data-${now.toISOString().slice(0, 10)}.zip`;
}

/** The account as a ZIP built while it is sent (lib/zip/stream.ts: one entry read per pull, nothing read ahead). */
export function accountExportStream(userId: string): ReadableStream<Uint8Array> {
  const state = new ExportState();
  return zipStream(entries(userId, state), { mtime: state.exportedAt, label: "account export" });
}
