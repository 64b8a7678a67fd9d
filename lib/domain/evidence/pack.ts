import "server-only";
import { appendEvidence } from "@/lib/domain/evidence-log/append";
import crypto from "node:crypto";
import { db } from "@/lib/platform/db";
import { ownedIdeaOr404 } from "@/lib/domain/ideas/owned";
import { ConflictError, NotFoundError } from "@/lib/platform/http/errors";
import { sha256Hex } from "@/lib/platform/crypto";
import { certificateOrigin, formatUtc } from "@/lib/domain/agreements/certificate-pdf";
import { ownedIdeaWithProof, ownedVersionsWithProofs } from "@/lib/domain/evidence/proofs";
import { queueDigests } from "@/lib/domain/timestamps/queue";
import { withTsaToken } from "@/lib/domain/timestamps/proof";
import { grantedTokenOr404 } from "@/lib/domain/timestamps/rfc3161/tokens";
import {
  agreementEntries,
  EvidenceFiles,
  ideaEvidenceEntries,
  tsaEntries,
  utf8,
  versionsEntries,
  type EvidenceVersion,
  type IdeaEvidenceNotes,
  type VersionNote,
} from "@/lib/domain/evidence/idea-entries";
import { slices, zipStream, type ZipEntry } from "@/lib/platform/zip/stream";
import { protectiveMeasures } from "@/lib/domain/evidence/measures";
import { buildMeasuresPdf } from "@/lib/domain/evidence/measures-pdf";
import { CERTIFICATION_FILE, certificationTemplate } from "@/lib/domain/evidence/certification";
import { receiptShareSelect, recipientReceipts } from "@/lib/domain/evidence/receipt";
import { verifyHtml } from "@/lib/domain/evidence/verify-html";
import { anchorProofsOf, evidenceLogLines } from "@/lib/domain/evidence-log/read";

export { agreementFolder, versionFolder } from "@/lib/domain/evidence/idea-entries";

/**
 * The evidence pack of one idea (GET /api/ideas/{id}/evidence.zip, owner only): everything a lawyer needs, as one ZIP
 * built while it is sent.
 *
 *   README.txt                                       what is where and how to check it, in plain words
 *   versions/vN/idea-ID.html|pdf|json                each published version's stamped file
 *   versions/vN/idea-ID.html.ots                     its OpenTimestamps proof, once the calendars answered
 *   versions/vN/HOW-TO-VERIFY.txt                    how to verify that version (/verify, the `ots` client)
 *   agreements/NDA-ID/nda-certificate-NDA-ID.pdf     each acceptance's certificate (lib/domain/agreements/certificate-pdf.ts),
 *                                                    a room's acceptance whose list named the idea too
 *   agreements/NDA-ID/nda-acceptance-NDA-ID.json     the acceptance record its timestamp proves (lib/domain/evidence/nda-evidence.ts)
 *   agreements/NDA-ID/nda-acceptance-NDA-ID.json.ots that proof, once the calendars answered
 *   activity.csv                                     the idea's activity timeline (lib/domain/activity)
 *   receipts/RECIPIENT-ID.json                       each reader's receipt, a room's reader's too (lib/domain/evidence/receipt.ts; its PDF
 *                                                    rendering is the owner's download, not repeated here: a PDF
 *                                                    per reader would double the pack's cost for no new fact)
 *   verify.html                                      checks the whole pack in a browser, offline (lib/domain/evidence/verify-html)
 *   measures.pdf                                     the protective measures in force over time (lib/domain/evidence/measures.ts)
 *   manifest.json                                    every file above with its SHA-256 and size, the pack's id and
 *                                                    time, and where its own .ots will be
 *   certification.txt                                after the manifest, which it names by digest: a records
 *                                                    custodian's declaration to complete (lib/domain/evidence/certification.ts)
 *
 * Each published version is one folder, so a later release with several versions per idea adds folders without
 * changing the format. The idea's entries (versions, agreements, activity) are built by lib/domain/evidence/idea-entries.ts,
 * which the account export uses too. Memory stays bounded: the ZIP is pulled (lib/platform/zip/stream.ts), each pull produces
 * one file, and acceptances are read a page at a time. Each file's digest is taken from the exact bytes handed to the
 * ZIP; the manifest, written last, lists them all. Once the archive's last bytes are handed to the client, the pack is
 * recorded (EvidencePack) and the manifest's digest queued for a timestamp, in one transaction: a download that
 * stopped half-way leaves no pack claiming a proof for bytes nobody received.
 *
 * A room's pack (GET /api/rooms/{id}/evidence.zip) is built by the same steps from the room's ideas: each idea's
 * versions under ideas/ID/versions/vN/, the acceptances made through the room's links under agreements/, each idea's
 * log at log/ID/log.jsonl (anchors once under log/anchors/), verify.html, manifest.json and certification.txt. It is
 * recorded (EvidencePack of the room) and its manifest stamped like an idea pack's.
 */

export const EVIDENCE_PACK_FORMAT = "ideavault-evidence-pack-1";
export const ROOM_EVIDENCE_PACK_FORMAT = "ideavault-room-evidence-pack-1";
export const PACK_NOT_FOUND = "Evidence pack not found";

type PackIdea = Awaited<ReturnType<typeof ownedIdeaWithProof>>["idea"];

/** One idea of a pack: its latest published version (title, owner) and every published version, oldest first. */
export type PackItem = { idea: PackIdea; versions: EvidenceVersion[] };

/**
 * What a pack is of. An idea's pack keeps its files at the archive's root; a room's pack (GET /api/rooms/{id}/evidence.zip)
 * puts each idea's versions under ideas/ID/ and its log at log/ID/log.jsonl, and holds the acceptances made through
 * the room's links (each lists every idea by its digest), not those of the ideas' own links.
 */
export type EvidencePackPlan = { packId: string; createdAt: Date; origin: string } & (
  | { room: null; idea: PackIdea; versions: EvidenceVersion[] }
  | { room: { id: string; name: string; ownerId: string }; items: PackItem[] }
);
type IdeaPlan = Extract<EvidencePackPlan, { room: null }>;
type RoomPlan = Extract<EvidencePackPlan, { room: object }>;

class PackState extends EvidenceFiles {
  readonly notes: IdeaEvidenceNotes = { versions: [], agreements: [] };
  /** A room pack's versions, by idea. */
  readonly itemVersions = new Map<number, VersionNote[]>();
  manifestSha256: string | null = null;
  constructor() {
    super("evidence pack");
  }
}

/** What a recorded pack is of: an idea, or a room (EvidencePack holds exactly one). */
export type PackSubject = { ideaId: number } | { roomId: string };

/** Where the manifest's proof is served once the calendars answered (its token: the same address ending .tsr). */
export function manifestOtsUrl(origin: string, of: PackSubject, packId: string) {
  const base = "roomId" in of ? `/api/rooms/${of.roomId}` : `/api/ideas/${of.ideaId}`;
  return `${origin}${base}/evidence/${packId}/manifest.ots`;
}

const subjectOf = (plan: EvidencePackPlan): PackSubject => (plan.room ? { roomId: plan.room.id } : { ideaId: plan.idea.id });

/** manifest.json's note on its own proof: where the owner fetches it once the calendars (and an authority) answered. */
function manifestTimestamp(plan: EvidencePackPlan) {
  const ots = manifestOtsUrl(plan.origin, subjectOf(plan), plan.packId);
  return {
    ots,
    tsr: ots.replace(/\.ots$/, ".tsr"),
    about:
      "The SHA-256 of this manifest.json, exactly as in the pack, is queued for an OpenTimestamps proof when the download " +
      "completes. The owner downloads that proof from the address above once the calendars have answered; save it as " +
      "manifest.json.ots beside this file and verify it like the others.",
  };
}

export function evidencePackFileName(ideaId: number, now = new Date()) {
  return `evidence-idea-${ideaId}-${now.toISOString().slice(0, 10)}.zip`;
}

export function roomEvidencePackFileName(roomId: string, now = new Date()) {
  return `evidence-room-${roomId}-${now.toISOString().slice(0, 10)}.zip`;
}

/** Every published version of the owner's idea with its proof, as a pack item; null for an idea with none. */
async function packItem(ownerId: string, ideaId: number): Promise<PackItem | null> {
  const published = await ownedVersionsWithProofs(ownerId, ideaId);
  const latest = published[published.length - 1];
  if (!latest) return null;
  return { idea: latest.idea, versions: published.map(({ idea, proof }) => ({ version: idea.version, publishedAt: idea.publishedAt, idea, proof })) };
}

const packBasics = () => ({ packId: crypto.randomBytes(16).toString("base64url"), createdAt: new Date(), origin: certificateOrigin() });

/**
 * Checks before any byte is sent: the owner's idea (another creator's, or none, is a 404) and published (a draft has
 * no published version and no agreement: 409). An idea published before proofs existed gets its proof queued here.
 */
export async function planEvidencePack(ownerId: string, ideaId: number): Promise<EvidencePackPlan> {
  const found = await ownedIdeaOr404(ownerId, ideaId, { select: { status: true } });
  if (found.status !== "published") {
    throw new ConflictError("This idea is not published yet: an evidence pack holds published versions and the agreements made on them.");
  }
  const item = await packItem(ownerId, ideaId);
  if (!item) throw new ConflictError("This idea has no published version yet.");
  return { ...packBasics(), room: null, ...item };
}

/**
 * The pack of `room`, which the caller found among the owner's live rooms (ownedRoomOr404: lib/domain/rooms reaches
 * this folder through the recipients' code, so the check stays with the caller): its ideas in the room's order. An
 * emptied room still has its acceptances and gets a pack of them.
 */
export async function planRoomEvidencePack(ownerId: string, room: { id: string; name: string }): Promise<EvidencePackPlan> {
  const rows = await db.roomItem.findMany({ where: { roomId: room.id }, orderBy: { position: "asc" }, select: { ideaId: true } });
  const items: PackItem[] = [];
  for (const { ideaId } of rows) {
    const item = await packItem(ownerId, ideaId);
    if (item) items.push(item);
  }
  return { ...packBasics(), room: { id: room.id, name: room.name, ownerId }, items };
}

/** A README's first lines: what the pack is of, its id, time and origin. */
const readmeHead = (of: string, plan: EvidencePackPlan) => [`Evidence pack of ${of}`, "", `Pack ${plan.packId}, made ${formatUtc(plan.createdAt)} on ${plan.origin}.`, ""];

function readme(plan: IdeaPlan) {
  const otsUrl = manifestOtsUrl(plan.origin, subjectOf(plan), plan.packId);
  return [
    ...readmeHead(`idea ${plan.idea.id}: ${JSON.stringify(plan.idea.title)}`, plan),
    "What is here",
    "------------",
    "versions/vN/            Each published version of the idea: its stamped file (the exact bytes its timestamp",
    "                        proves), that file's OpenTimestamps proof (.ots), its RFC 3161 token (.tsr) and",
    "                        HOW-TO-VERIFY.txt.",
    "agreements/ID/          Each non-disclosure agreement accepted for the idea: the certificate (PDF) with the full",
    "                        agreement text and the recipient's identity, time, IP and device; the acceptance record",
    "                        (.json), which holds the SHA-256 of the version shown; and that record's proof (.json.ots)",
    "                        and token (.json.tsr). An agreement accepted through a room's link covers every idea the",
    "                        room held: its record lists each with its title, version and SHA-256, this idea among them",
    "                        (manifest.json names the room beside it).",
    "tsa/HOST.pem            The certificates in the RFC 3161 tokens, one file per time-stamping authority.",
    "activity.csv            Every link, recipient, agreement, view and comment, newest first.",
    "log/log.jsonl           The idea's evidence log, one event per line, each entry's hash chained to the one before",
    "                        (docs: SHA-256 of the previous hash and the entry's RFC 8785 JSON), with anchor lines.",
    "log/anchors/ROOT.ots|tsr The proofs of each anchor's Merkle root: OpenTimestamps and RFC 3161.",
    "receipts/ID.json        Each reader's receipt: who, when, the version read with its digest and proofs, the",
    "                        agreement's text digest, how much they read, and the identity each copy carried (a room's",
    "                        reader: this idea's reading through the room only).",
    "measures.pdf            The protective measures in force over the idea's life, as dated facts.",
    "verify.html             Checks this whole pack in your browser, with no network: open it and choose this ZIP.",
    "manifest.json           Every file of this pack with its SHA-256 and size, and the pack's time.",
    "certification.txt       A records custodian's declaration to complete and sign, naming the manifest by its",
    "                        SHA-256 (so it is the one file the manifest does not list).",
    "",
    "How to check it",
    "---------------",
    "0. All at once: open verify.html (from this pack) in a current browser and give it this ZIP file. It recomputes",
    "   every SHA-256 below and reads every proof, on your computer only, and ends with 'All N checks passed' or the",
    "   first failure. The steps below do the same checks by hand.",
    "1. Each file is the one the manifest names: `sha256sum -c` style, compare `sha256sum FILE` with manifest.json.",
    `2. Each proof: open ${plan.origin}/verify and give it the file and its .ots, or run the reference client`,
    "   (`pip install opentimestamps-client`) in the file's folder: `ots verify FILE.ots`. See versions/vN/HOW-TO-VERIFY.txt.",
    "   Each token (.tsr) is signed by a time-stamping authority at the time it states: check it with OpenSSL,",
    "   `openssl ts -verify -data FILE -in FILE.tsr -CAfile CA.pem` with the authority's root certificate (its",
    "   certificates are in tsa/), or give the file and its .tsr to /verify.",
    "3. An agreement's record names the content shown by its SHA-256: it equals a version's digest.",
    "   The log: each line's hash is SHA-256(previous hash, 32 bytes, then the RFC 8785 JSON of {seq, at, type, data});",
    "   an anchor line's path leads from the hash of the entry before it to its root (leaf SHA-256(0x00, hash), node",
    "   SHA-256(0x01, left, right)). Each root's proofs check by hand: `ots verify -d ROOT log/anchors/ROOT.ots` and",
    "   `openssl ts -verify -digest ROOT -in log/anchors/ROOT.tsr -CAfile CA.pem`.",
    "4. The manifest itself: its SHA-256 is queued for a timestamp when the download completes. Fetch its proof, signed",
    `   in as the idea's owner, from ${otsUrl}`,
    "   (a few minutes later; until the calendars answer the address says it is not ready), save it as",
    "   manifest.json.ots beside manifest.json and verify it the same way. That proof fixes the whole pack in time.",
    "",
  ].join("\n");
}

/** What every manifest starts with: its format, the pack's id, time and origin. */
const manifestHead = (format: string, plan: EvidencePackPlan) => ({ format, pack: plan.packId, createdAt: plan.createdAt, origin: plan.origin });

/** manifest.json: written last, from what the pack actually holds. */
function manifest(plan: IdeaPlan, state: PackState) {
  return {
    ...manifestHead(EVIDENCE_PACK_FORMAT, plan),
    idea: { id: plan.idea.id, title: plan.idea.title },
    manifestTimestamp: manifestTimestamp(plan),
    versions: state.notes.versions,
    agreements: state.notes.agreements,
    activity: "activity.csv",
    files: state.files,
    problems: state.problems,
  };
}

/** A room pack's README.txt: where each idea's files are, and the same checks as an idea's pack. */
function roomReadme(plan: RoomPlan) {
  return [
    ...readmeHead(`room ${plan.room.id}: ${JSON.stringify(plan.room.name)}`, plan),
    "Ideas in the room, in its order:",
    ...plan.items.map((i) => `  ideas/${i.idea.id}/  ${JSON.stringify(i.idea.title)}`),
    "",
    "What is here",
    "------------",
    "ideas/ID/versions/vN/   Each published version of each idea: its stamped file (the exact bytes its timestamp",
    "                        proves), its OpenTimestamps proof (.ots), its RFC 3161 token (.tsr) and HOW-TO-VERIFY.txt.",
    "agreements/ID/          Each agreement accepted through the room's links: the certificate (PDF) with the full",
    "                        agreement text and the recipient's identity, time, IP and device; the acceptance record",
    "                        (.json), which lists every idea of the room as shown, with its title, version and SHA-256;",
    "                        and that record's proof (.json.ots) and token (.json.tsr).",
    "tsa/HOST.pem            The certificates in the RFC 3161 tokens, one file per time-stamping authority.",
    "log/ID/log.jsonl        Each idea's evidence log, one event per line, each entry's hash chained to the one before,",
    "                        with anchor lines.",
    "log/anchors/ROOT.ots|tsr The proofs of each anchor's Merkle root: OpenTimestamps and RFC 3161.",
    "verify.html             Checks this whole pack in your browser, with no network: open it and choose this ZIP.",
    "manifest.json           Every file of this pack with its SHA-256 and size, and the pack's time.",
    "certification.txt       A records custodian's declaration to complete and sign, naming the manifest by its SHA-256.",
    "",
    "How to check it",
    "---------------",
    "Open verify.html (from this pack) in a current browser and give it this ZIP file: it recomputes every SHA-256 and",
    "reads every proof, on your computer only. By hand: compare `sha256sum FILE` with manifest.json; verify each .ots",
    `at ${plan.origin}/verify or with \`ots verify FILE.ots\`, each .tsr with \`openssl ts -verify -data FILE -in FILE.tsr\`;`,
    "an agreement's record names each idea's content by its SHA-256: it equals that version's digest here.",
    "The manifest itself: its SHA-256 is queued for a timestamp when the download completes. Fetch its proof, signed in",
    `as the room's owner, from ${manifestOtsUrl(plan.origin, subjectOf(plan), plan.packId)}`,
    "(and its RFC 3161 token at the same address ending .tsr), save it as manifest.json.ots beside manifest.json and",
    "verify it the same way. That proof fixes the whole pack in time.",
    "Each idea's evidence pack (from the idea's page) adds its own links' agreements, receipts and protective measures.",
    "",
  ].join("\n");
}

/** A room pack's manifest.json, written last; its digest is stamped as an idea pack's is. */
function roomManifest(plan: RoomPlan, state: PackState) {
  return {
    ...manifestHead(ROOM_EVIDENCE_PACK_FORMAT, plan),
    room: { id: plan.room.id, name: plan.room.name },
    manifestTimestamp: manifestTimestamp(plan),
    ideas: plan.items.map((i) => ({ id: i.idea.id, title: i.idea.title, versions: state.itemVersions.get(i.idea.id) ?? [] })),
    agreements: state.notes.agreements,
    files: state.files,
    problems: state.problems,
  };
}

/**
 * Every reader's receipt, a link and a page of recipients at a time (one page's receipts read at once, with a few
 * statements): the idea's own links' readers, then those of rooms' links who accepted an agreement naming the idea
 * or opened it through the room, their receipts holding this idea's reading only.
 */
async function* receiptEntries(plan: IdeaPlan, state: PackState): AsyncGenerator<ZipEntry> {
  const ideaId = plan.idea.id;
  const throughRoom = { OR: [{ ndas: { some: { roomItems: { array_contains: [{ ideaId }] } } } }, { views: { some: { ideaId } } }] };
  const order = [{ createdAt: "asc" as const }, { id: "asc" as const }];
  const [own, rooms] = await Promise.all([
    db.share.findMany({ where: { ideaId }, orderBy: order, select: receiptShareSelect }),
    db.share.findMany({ where: { roomId: { not: null }, createdById: plan.idea.ownerId, recipients: { some: throughRoom } }, orderBy: order, select: receiptShareSelect }),
  ]);
  const shares = [...own.map((share) => ({ share, readers: {} })), ...rooms.map((share) => ({ share, readers: throughRoom }))];
  for (const { share, readers } of shares) {
    for (let cursor: string | undefined; ; ) {
      const page = await db.recipient.findMany({
        where: { shareId: share.id, ...readers },
        orderBy: { id: "asc" },
        take: 100,
        ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
        select: { id: true },
      });
      for (const receipt of await recipientReceipts(share, page.map((r) => r.id), plan.createdAt, ideaId)) {
        yield state.entry(`receipts/${receipt.receiptFor}.json`, utf8(`${JSON.stringify(receipt, null, 2)}\n`), true);
      }
      if (page.length < 100) break;
      cursor = page[page.length - 1].id;
    }
  }
}

/**
 * Each idea's evidence log as JSON Lines at `logPath(id)`, and each anchor's proofs of its root as files named by the
 * root (an anchor covering several of the ideas is written once).
 */
async function* logEntries(ideaIds: number[], logPath: (ideaId: number) => string, state: PackState): AsyncGenerator<ZipEntry> {
  const roots = new Set<string>();
  for (const ideaId of ideaIds) {
    const lines: string[] = [];
    for await (const line of evidenceLogLines(ideaId)) lines.push(line);
    if (!lines.length) continue;
    yield state.entry(logPath(ideaId), utf8(lines.join("")), true);
    for (const a of await anchorProofsOf(ideaId)) {
      if (roots.has(a.root)) continue;
      roots.add(a.root);
      if (a.ots) yield state.entry(`log/anchors/${a.root}.ots`, new Uint8Array(a.ots), false);
      if (a.tsr) yield state.entry(`log/anchors/${a.root}.tsr`, new Uint8Array(a.tsr), false);
    }
  }
}

/** The idea's own files: everything of the idea at the root, its readers' receipts, its log and its measures. */
async function* ideaPackEntries(plan: IdeaPlan, state: PackState): AsyncGenerator<ZipEntry> {
  yield state.entry("README.txt", utf8(readme(plan)), true);
  yield* ideaEvidenceEntries(plan, state, state.notes);
  yield* receiptEntries(plan, state);
  yield* logEntries([plan.idea.id], () => "log/log.jsonl", state);
  yield state.entry("verify.html", utf8(verifyHtml()), true);
  yield state.entry("measures.pdf", await buildMeasuresPdf(await protectiveMeasures(plan.idea.ownerId, plan.idea.id, plan.createdAt)), false);
}

/** The room's files: each idea's versions under ideas/ID/, the room's acceptances, each idea's log. */
async function* roomPackEntries(plan: RoomPlan, state: PackState): AsyncGenerator<ZipEntry> {
  yield state.entry("README.txt", utf8(roomReadme(plan)), true);
  for (const item of plan.items) {
    const notes = { versions: [] as VersionNote[] };
    state.itemVersions.set(item.idea.id, notes.versions);
    yield* versionsEntries({ ...item, origin: plan.origin, createdAt: plan.createdAt }, state, notes, `ideas/${item.idea.id}`);
  }
  yield* agreementEntries(plan, { roomId: plan.room.id }, "", state, state.notes);
  yield* tsaEntries(state);
  yield* logEntries(
    plan.items.map((i) => i.idea.id),
    (id) => `log/${id}/log.jsonl`,
    state,
  );
  yield state.entry("verify.html", utf8(verifyHtml()), true);
}

async function* packEntries(plan: EvidencePackPlan, state: PackState): AsyncGenerator<ZipEntry> {
  yield* plan.room ? roomPackEntries(plan, state) : ideaPackEntries(plan, state);
  const bytes = utf8(`${JSON.stringify(plan.room ? roomManifest(plan, state) : manifest(plan, state), null, 2)}\n`);
  const manifestSha256 = sha256Hex(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  state.manifestSha256 = manifestSha256;
  yield { name: "manifest.json", compress: true, chunks: slices(bytes) };
  const subject = plan.room
    ? { kind: "Room" as const, id: plan.room.id, title: plan.room.name }
    : { kind: "Idea" as const, id: plan.idea.id, title: plan.idea.title };
  const facts = { packId: plan.packId, subject, createdAt: plan.createdAt, manifestSha256, fileCount: state.files.length };
  yield { name: CERTIFICATION_FILE, compress: true, chunks: slices(utf8(certificationTemplate(facts))) };
}

/**
 * Records the pack and queues its manifest's digest, together: a pack row always has its proof. The pack's making is
 * an event of each idea it holds: an idea's pack in its own log, a room's in each item's log, naming the room.
 */
async function recordPack(plan: EvidencePackPlan, manifestSha256: string) {
  const data = { packId: plan.packId, manifestSha256, createdAt: plan.createdAt.toISOString() };
  const logged = plan.room ? plan.items.map((i) => ({ ideaId: i.idea.id, data: { ...data, roomId: plan.room.id } })) : [{ ideaId: plan.idea.id, data }];
  await db.$transaction(async (tx) => {
    await tx.evidencePack.create({ data: { id: plan.packId, ...subjectOf(plan), manifestSha256, createdAt: plan.createdAt } });
    await queueDigests(tx, [{ evidencePackId: plan.packId, digest: manifestSha256 }]);
    // In idea id order, as an acceptance's entries are: concurrent appends lock the logs' heads in one order.
    for (const entry of [...logged].sort((a, b) => a.ideaId - b.ideaId)) await appendEvidence(tx, { ...entry, type: "evidence-pack.made" });
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
 * GET /api/ideas/{id}/evidence/{packId}/manifest.ots (and /api/rooms/{id}/…): the proof of a pack's manifest, for the
 * idea's (the live room's) owner. Another owner's pack, an unknown one or one of another idea or room is a 404; a pack
 * whose digest the calendars have not received yet is a 409 saying so (the proof will come: it is not missing).
 */
async function ownedPackProof(ownerId: string, of: PackSubject, packId: string) {
  const owned = "roomId" in of ? { roomId: of.roomId, room: { ownerId, deletedAt: null } } : { ideaId: of.ideaId, idea: { ownerId } };
  const pack = await db.evidencePack.findFirst({ where: { id: packId, ...owned }, include: { timestamp: { include: withTsaToken } } });
  if (!pack?.timestamp) throw new NotFoundError(PACK_NOT_FOUND);
  return pack.timestamp;
}

export async function getEvidencePackOts(ownerId: string, of: PackSubject, packId: string): Promise<{ bytes: Buffer; fileName: string }> {
  const proof = await ownedPackProof(ownerId, of, packId);
  if (!proof.ots) {
    throw new ConflictError(
      proof.status === "failed"
        ? `The manifest could not be timestamped${proof.lastError ? `: ${proof.lastError}` : ""}.`
        : "The manifest's timestamp is not ready yet: its digest is queued for the OpenTimestamps calendars. Try again in a few minutes.",
    );
  }
  return { bytes: Buffer.from(proof.ots), fileName: "manifest.json.ots" };
}

/** GET …/manifest.tsr: the manifest's RFC 3161 token, with the same access; 404 saying why while none is granted. */
export async function getEvidencePackTsr(ownerId: string, of: PackSubject, packId: string): Promise<{ bytes: Buffer; fileName: string }> {
  const proof = await ownedPackProof(ownerId, of, packId);
  return { bytes: grantedTokenOr404(proof.tsaToken), fileName: "manifest.json.tsr" };
}
