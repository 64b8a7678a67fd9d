import "server-only";
import { finishTextPdf, startTextPdf } from "@/lib/platform/pdf/document";
import { printedLine } from "@/lib/domain/validation/printable-text";
import { roomItemText } from "@/lib/domain/validation/agreement-text";
import type { Receipt, ReceiptLogRef, ReceiptProof } from "@/lib/domain/evidence/receipt";

export const RECEIPT_TITLE = "Reading receipt";

const utc = (iso: string | null) => (iso ? `${iso.slice(0, 19).replace("T", " ")} UTC` : "—");

function minutes(ms: number) {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

function proofText(p: ReceiptProof | null) {
  if (!p) return "no timestamp recorded";
  const o = p.opentimestamps;
  const ots = o.state === "confirmed" && o.bitcoinBlock !== null ? `anchored in Bitcoin block ${o.bitcoinBlock}` : `OpenTimestamps ${o.state}`;
  return `${ots}; digest ${p.digest}`;
}

/** "log #12 · 3fa9c2d1…, anchored under root 9b1e… (time)": where a line's evidence sits in the idea's log. */
function logText(ref: ReceiptLogRef | null) {
  if (!ref) return "no log entry (recorded before the log existed)";
  const anchor = ref.anchor ? `anchored under root ${ref.anchor.root.slice(0, 16)}… (${utc(ref.anchor.at)})` : "not yet anchored";
  return `log #${ref.seq} · ${ref.hash.slice(0, 16)}…, ${anchor}`;
}

/** The receipt as one PDF: the JSON receipt's facts in labelled lines, nothing else. */
export async function buildReceiptPdf(r: Receipt): Promise<Uint8Array> {
  const pdf = await startTextPdf();
  const { flow } = pdf;
  const { body, label, hash, h2 } = pdf.styles;

  flow.paragraph(RECEIPT_TITLE, pdf.styles.title);
  flow.gap(4);
  const about = r.idea ? `idea ${r.idea.id}` : `the room ${r.room?.id}`;
  flow.paragraph(
    `What one reader of ${about} was shown, under which agreement and how much they read, from the records IdeaVault wrote at each step.`,
    { ...body, color: [0.3, 0.3, 0.35] },
  );
  if (r.idea) flow.field("Idea", `${r.idea.id}: ${printedLine(r.idea.title)}`, label, body);
  if (r.room) {
    // A room link's receipt names the room and each idea its agreement named, by its digest.
    flow.field("Room", `${r.room.id}: ${printedLine(r.room.name)}`, label, body);
    if (!r.room.items) flow.field("Its ideas", "no agreement was accepted on this link", label, body);
    r.room.items?.forEach((item, i) => flow.field(`Idea ${i + 1}`, roomItemText(item), label, hash));
  }
  flow.field("Link", r.link.name ? `${printedLine(r.link.name)} (${r.link.id})` : r.link.id, label, body);
  flow.field("Receipt made (UTC)", utc(r.madeAt), label, body);

  flow.heading("Who", h2);
  flow.field("Name", printedLine(r.who.name), label, body);
  flow.field("E-mail", printedLine(r.who.email), label, body);
  flow.field("Phone", r.who.phone ? printedLine(r.who.phone) : "not given", label, body);
  flow.field("Address", r.who.addressProof, label, body);

  flow.heading("When", h2);
  const when = (name: string, key: keyof Receipt["when"]) => {
    flow.field(name, utc(r.when[key]), label, body);
    if (r.when[key]) flow.field("", logText(r.whenLog[key]), label, hash);
  };
  when("Identified", "identifiedAt");
  when("Address proven", "addressProvenAt");
  when("Passcode given", "passcodeGivenAt");
  when("Agreed", "agreedAt");
  if (r.when.declinedAt) when("Declined", "declinedAt");

  flow.heading("Under which agreement", h2);
  if (!r.agreement) flow.paragraph("No agreement was accepted on this link.", body);
  else {
    flow.field("Agreement", `${printedLine(r.agreement.title)}, version ${r.agreement.version}`, label, body);
    flow.field("How", printedLine(r.agreement.acceptance), label, body);
    flow.field("Text SHA-256", r.agreement.textSha256, label, hash);
    flow.field("Content SHA-256", r.agreement.contentSha256, label, hash);
    flow.field("Record proof", proofText(r.agreement.proof), label, hash);
  }

  flow.heading("What was read", h2);
  if (!r.versionsRead.length) flow.paragraph("No published version was opened.", body);
  for (const v of r.versionsRead) {
    flow.field(v.ideaId === undefined ? `Version ${v.version}` : `Idea ${v.ideaId}, version ${v.version}`, `SHA-256 ${v.sha256 ?? "not recorded"}`, label, hash);
    flow.field("Its proof", proofText(v.proof), label, hash);
  }

  flow.heading("How much", h2);
  const share = r.reading.share === null ? "" : ` (${Math.round(r.reading.share * 100)}%)`;
  flow.field("Reading time", minutes(r.reading.totalMs), label, body);
  flow.field("Pages or sections", r.reading.pageCount === null ? `${r.reading.pagesRead} read` : `${r.reading.pagesRead} of ${r.reading.pageCount}${share}`, label, body);

  flow.heading("Views, and the identity each copy carried", h2);
  if (!r.views.length) flow.paragraph("No view.", body);
  for (const v of r.views) {
    flow.field(utc(v.at), `${v.ideaId === undefined ? "" : `idea ${v.ideaId}, `}${v.version === null ? "" : `version ${v.version}, `}${minutes(v.readingMs)}, ${v.pagesRead}${v.pageCount === null ? "" : ` of ${v.pageCount}`} pages; from ${v.ip ?? "unknown address"}`, label, body);
    flow.field("Watermark", printedLine(v.watermark), label, body);
    flow.field("", logText(v.log), label, hash);
  }

  flow.heading("The log behind this receipt", h2);
  flow.paragraph(
    "Each line above names the entry of the idea's evidence log that recorded it (its number and SHA-256). The log is a hash " +
      "chain: every entry commits to the one before it, and each anchor's Merkle root, timestamped by OpenTimestamps and an " +
      "RFC 3161 authority, commits to the whole log up to its entry. The evidence pack holds the log (log/log.jsonl) and verify.html checks it.",
    { ...body, size: 8.5, color: [0.3, 0.3, 0.35] },
  );
  for (const e of r.log) flow.field(e.ideaId === undefined ? e.type : `${e.type} (idea ${e.ideaId})`, logText(e), label, hash);

  return finishTextPdf(pdf, { footer: `${RECEIPT_TITLE} ${r.receiptFor}`, title: `${RECEIPT_TITLE}: ${r.who.name}, ${about}`, at: new Date(r.madeAt) });
}
