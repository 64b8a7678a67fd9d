import "server-only";
import { shareTypeToApi } from "@/lib/domain/gate/share-type";
import { zipStream, slices, type ZipEntry as Entry } from "@/lib/platform/zip/stream";
import { db } from "@/lib/platform/db";
import { readAssetBytes } from "@/lib/domain/files";
import { readBrandLogo } from "@/lib/domain/brand";
import { exportFileName, exportIdea } from "@/lib/domain/ideas/export";
import { certificateFileName, certificateOrigin, formatUtc } from "@/lib/domain/agreements/certificate-pdf";
import { ndaEvidenceFileName } from "@/lib/domain/evidence/nda-evidence";
import { ownedVersionsWithProofs } from "@/lib/domain/evidence/proofs";
import { presentProof, withTsaToken, type ProofWithToken } from "@/lib/domain/timestamps/proof";
import { proofStateLine } from "@/lib/domain/timestamps/text";
import { agreementFolder, EvidenceFiles, ideaEvidenceEntries, utf8, type IdeaEvidenceNotes } from "@/lib/domain/evidence/idea-entries";

/**
 * 'Download my data' (GET /api/account/export): everything the account holds, as one ZIP built while it is sent.
 *
 *   README.txt                              what is where, which ideas have a proof, how to verify one
 *   account.json                            profile, settings, uploaded files, and per idea its links with their
 *                                           recipients and views, its agreements and its comments
 *   ideas/idea-N/...                        each idea's evidence, as its evidence pack holds it
 *                                           (lib/domain/evidence/idea-entries.ts): versions/vN/ with each published
 *                                           version's stamped file, its .ots and HOW-TO-VERIFY.txt; agreements/ID/
 *                                           with each acceptance's certificate, record and .ots; activity.csv
 *   ideas/idea-N/idea-N.html|pdf|json       a draft (never published) as its current content
 *   files/ID-name                           every other uploaded file (images, the profile picture)
 *   files/brand-logo.png                    the brand logo recipients see, when there is one
 *
 * Memory stays bounded whatever the account's size: the stream is pulled, and each pull reads, decrypts and zips one
 * file (or one idea's part of account.json) only when the consumer has taken everything before it. Rows are read per
 * idea, never for the whole account at once. A file that cannot be read (a blob missing from the store) does not end
 * the export: it is listed under "problems" in account.json and README.txt.
 */

const folderOf = (ideaId: number) => `ideas/idea-${ideaId}`;

/** A name safe in every unzip tool: ASCII letters, digits, dot, dash and underscore only. */
function safeName(name: string) {
  return name.normalize("NFKD").replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+/, "").slice(0, 80) || "file";
}

const ideaSelect = { id: true, ownerId: true, title: true, kind: true, status: true, contentCiphertext: true } as const;

async function ideaIds(userId: string) {
  return (await db.idea.findMany({ where: { ownerId: userId }, orderBy: { id: "asc" }, select: { id: true } })).map((i) => i.id);
}

async function loadIdea(userId: string, id: number) {
  return db.idea.findFirst({ where: { id, ownerId: userId }, select: ideaSelect });
}
type LoadedIdea = NonNullable<Awaited<ReturnType<typeof loadIdea>>>;

/**
 * What the export learned about each idea while writing its files, for account.json and README.txt: its file and
 * proof are its latest publication's (or, for a draft, the draft's content without a proof).
 */
type IdeaNote = { id: number; title: string; status: string; file: string | null; ots: string | null; tsr: string | null; proof: ProofWithToken | null; evidence: IdeaEvidenceNotes };

class ExportState extends EvidenceFiles {
  readonly ideas = new Map<number, IdeaNote>();
  readonly exportedAt = new Date();
  readonly origin = certificateOrigin();
  constructor() {
    super("account export");
  }
}

/** The files of one idea: its evidence as the pack holds it, and a draft's current content. */
async function* ideaEntries(userId: string, idea: LoadedIdea, state: ExportState): AsyncGenerator<Entry> {
  const folder = folderOf(idea.id);
  const published = await ownedVersionsWithProofs(userId, idea.id);
  const evidence: IdeaEvidenceNotes = { versions: [], agreements: [] };
  const note: IdeaNote = { id: idea.id, title: idea.title, status: idea.status, file: null, ots: null, tsr: null, proof: published.at(-1)?.proof ?? null, evidence };
  state.ideas.set(idea.id, note);
  if (published.length === 0) {
    const path = `${folder}/${exportFileName(idea)}`;
    try {
      const file = await exportIdea(idea);
      note.file = `${folder}/${file.fileName}`;
      yield state.entry(note.file, file.bytes, file.contentType !== "application/pdf");
    } catch (err) {
      state.problem(path, err);
    }
  }
  const versions = published.map(({ idea: v, proof }) => ({ version: v.version, publishedAt: v.publishedAt, idea: v, proof }));
  yield* ideaEvidenceEntries({ idea, versions, origin: state.origin, createdAt: state.exportedAt }, state, evidence, folder);
  const latest = evidence.versions.at(-1);
  if (latest) {
    note.file = latest.file;
    note.ots = latest.ots;
    note.tsr = latest.tsr;
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

const BRAND_LOGO_PATH = "files/brand-logo.png";

async function* fileEntries(userId: string, state: ExportState): AsyncGenerator<Entry> {
  for (const asset of await otherFiles(userId)) {
    try {
      const bytes = await readAssetBytes(asset);
      yield { name: filePath(asset), compress: false, chunks: slices(bytes) };
    } catch (err) {
      state.problem(filePath(asset), err);
    }
  }
  const { brandLogoKey } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { brandLogoKey: true } });
  if (!brandLogoKey) return;
  try {
    const bytes = await readBrandLogo(brandLogoKey);
    if (!bytes) throw new Error("The logo's file is missing");
    yield { name: BRAND_LOGO_PATH, compress: false, chunks: slices(bytes) };
  } catch (err) {
    state.problem(BRAND_LOGO_PATH, err);
  }
}

function proofJson(p: ProofWithToken | null, otsPath: string | null, tsrPath: string | null) {
  return p ? { ...presentProof(p), ots: otsPath, tsr: tsrPath } : null;
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
          revokedAt: true, recipientEmail: true, recipientEmails: true, allowDownload: true, screenShield: true, name: true, note: true,
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
          agreementSha256: true, contentSha256: true, ip: true, userAgent: true, acceptedAt: true, timestamp: { include: withTsaToken },
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
  const agreementPath = (ndaId: string) => `${folder}/${agreementFolder(ndaId)}`;
  return {
    ...rest,
    file: note?.file ?? null,
    activity: `${folder}/activity.csv`,
    proof: proofJson(note?.proof ?? null, note?.ots ?? null, note?.tsr ?? null),
    // Each published version as its evidence pack's manifest lists it: file, proof and HOW-TO-VERIFY.txt.
    versions: note?.evidence.versions ?? [],
    // Whether a link has a passcode, never its hash.
    links: shares.map(({ shareType, passcodeHash, ...s }) => ({ ...s, shareType: shareTypeName(shareType), passcode: passcodeHash !== null })),
    agreements: ndas.map(({ timestamp, ...n }) => ({
      ...n,
      certificate: `${agreementPath(n.id)}/${certificateFileName(n.id)}`,
      record: `${agreementPath(n.id)}/${ndaEvidenceFileName(n.id)}`,
      proof: proofJson(
        timestamp,
        timestamp?.ots ? `${agreementPath(n.id)}/${ndaEvidenceFileName(n.id)}.ots` : null,
        timestamp?.tsaToken?.state === "granted" ? `${agreementPath(n.id)}/${ndaEvidenceFileName(n.id)}.tsr` : null,
      ),
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
      notifyNdaAccepted: true, notifyFirstView: true, notifyComments: true, notifyProofAnchored: true, notifyVisitEnded: true, showEmailOnCertificates: true,
      sharingBlockedDomains: true, defaultAllowDownload: true, defaultScreenShield: true, defaultExpiryDays: true, defaultShareType: true,
      brandName: true, brandAccent: true, brandLogoKey: true,
      accounts: { select: { provider: true } },
      // Where events went; never a signing secret.
      webhooks: { select: { id: true, url: true, events: true, createdAt: true }, orderBy: { createdAt: "asc" } },
      // The owner's own agreements, every version's exact wording, deleted ones included (evidence names them).
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
    notifyProofAnchored: user.notifyProofAnchored,
    notifyVisitEnded: user.notifyVisitEnded,
    showEmailOnCertificates: user.showEmailOnCertificates,
    sharingDefaults: {
      blockedDomains: user.sharingBlockedDomains,
      allowDownload: user.defaultAllowDownload,
      screenShield: user.defaultScreenShield,
      expiryDays: user.defaultExpiryDays,
      shareType: shareTypeToApi(user.defaultShareType),
    },
    brand: {
      displayName: user.brandName,
      accentColor: user.brandAccent,
      logo: user.brandLogoKey && !state.problems.some((p) => p.startsWith(`${BRAND_LOGO_PATH}:`)) ? BRAND_LOGO_PATH : null,
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
  return proofStateLine(p, note.ots, "your data");
}

function readme(user: { name: string; email: string }, state: ExportState) {
  const origin = state.origin;
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
    "ideas/idea-N/versions/vN/    Each published version of the idea, as in its evidence pack: the stamped file (the",
    "                             exact bytes its timestamp proves: an HTML document of the title and text, or the",
    "                             original PDF), its OpenTimestamps proof (.ots) when it has one, and HOW-TO-VERIFY.txt.",
    "ideas/idea-N/idea-N.html     A draft that was never published: its current content (or .pdf, or .json).",
    "ideas/idea-N/activity.csv    The idea's activity: links, recipients, agreements, views, comments, replies.",
    "ideas/idea-N/agreements/ID/  Each recipient's NDA acceptance certificate (PDF), the acceptance record its",
    "                             timestamp proves (.json) and that proof (.json.ots).",
    "files/                       Images and other files you uploaded (brand-logo.png: the logo your recipients see).",
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

/** The account as a ZIP built while it is sent (lib/platform/zip/stream.ts: one entry read per pull, nothing read ahead). */
export function accountExportStream(userId: string): ReadableStream<Uint8Array> {
  const state = new ExportState();
  return zipStream(entries(userId, state), { mtime: state.exportedAt, label: "account export" });
}
