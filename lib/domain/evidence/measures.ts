import "server-only";
import { db } from "@/lib/platform/db";
import { ownedIdeaOr404 } from "@/lib/domain/ideas/owned";
import { needsCode } from "@/lib/domain/gate";
import { shareTypeToApi } from "@/lib/domain/gate/share-type";
import { SHARE_TYPE_LABELS } from "@/lib/domain/validation/share-types";
import { certificateTimestampText } from "@/lib/domain/timestamps/text";

/**
 * The protective measures in force over an idea's life, as facts read from the records, each with the time it took
 * effect: what an owner shows to argue that they took "reasonable measures" to keep a secret (US DTSA, EU Directive
 * 2016/943 art. 2(1)(c)). Facts only, never an opinion on whether they suffice. Every fact comes from a row the
 * product wrote when the measure took effect, so it is the same whoever asks and whenever.
 */

export type MeasureFact = { at: Date | null; text: string };
export type MeasureSection = { title: string; facts: MeasureFact[] };
export type ProtectiveMeasures = {
  idea: { id: number; title: string; ownerName: string; createdAt: Date };
  generatedAt: Date;
  sections: MeasureSection[];
};

const list = (xs: readonly string[]) => (xs.length ? xs.join(", ") : "none");

type MeasureShare = Awaited<ReturnType<typeof loadShares>>[number];

function loadShares(ideaId: number) {
  return db.share.findMany({
    where: { ideaId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true, name: true, shareType: true, recipientEmails: true, createdAt: true, expiresAt: true, maxViews: true, revokedAt: true,
      allowDownload: true, screenShield: true, passcodeHash: true, allowedEmails: true, allowedDomains: true, blockedDomains: true, requireVerifiedEmail: true,
      requireNda: true, pinnedVersion: true,
      agreement: { select: { title: true } },
      changes: { orderBy: [{ changedAt: "asc" }, { id: "asc" }], select: { changedAt: true, summary: true } },
    },
  });
}

function linkName(s: Pick<MeasureShare, "id" | "name" | "shareType" | "recipientEmails">) {
  const type = SHARE_TYPE_LABELS[shareTypeToApi(s.shareType)];
  // Every address: the measures are evidence, so none is summarised away.
  const to = s.recipientEmails.length ? ` to ${s.recipientEmails.join(", ")}` : "";
  return `${s.name ? `'${s.name}' ` : ""}(${type}${to}, link ${s.id})`;
}

/** One link's measures in words, as they stand now; its changes follow as dated facts of their own. */
function linkMeasures(s: MeasureShare): string {
  const agreement = !s.requireNda ? "no agreement required" : s.agreement ? `agreement required: '${s.agreement.title}'` : "agreement required: the standard non-disclosure agreement";
  const parts = [
    agreement,
    needsCode(s) ? "address proven with a one-time e-mailed code" : "name and e-mail stated by the reader",
    s.passcodeHash ? "passcode required" : "no passcode",
    `allowed addresses: ${list(s.allowedEmails)}; allowed domains: ${list(s.allowedDomains)}; blocked domains: ${list(s.blockedDomains)}`,
    s.allowDownload ? "download allowed (the PDF carries the reader's identity)" : "download off (page images only)",
    "every page image carries the reader's identity (visible watermark)",
    s.screenShield ? "screen shield on (blurred when unfocused, printing blocked)" : "screen shield off",
    s.expiresAt ? `expires ${s.expiresAt.toISOString()}` : "no expiry",
    s.maxViews !== null ? `at most ${s.maxViews} views` : "no view limit",
  ];
  if (s.pinnedVersion !== null) parts.push(`pinned to version ${s.pinnedVersion}`);
  return parts.join("; ");
}

export async function protectiveMeasures(ownerId: string, ideaId: number, now = new Date()): Promise<ProtectiveMeasures> {
  const idea = await ownedIdeaOr404(ownerId, ideaId, {
    select: { id: true, title: true, createdAt: true, contentKeyId: true, owner: { select: { name: true, sharingBlockedDomains: true } } },
  });
  const [versions, shares, recipients] = await Promise.all([
    db.ideaVersion.findMany({
      where: { ideaId, status: "published" },
      orderBy: { version: "asc" },
      select: { version: true, publishedAt: true, contentSha256: true, timestamp: { select: { status: true, submittedAt: true, bitcoinHeight: true, bitcoinTime: true, lastError: true } } },
    }),
    loadShares(ideaId),
    db.recipient.findMany({
      where: { share: { ideaId } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: {
        id: true, shareId: true, name: true, email: true, createdAt: true, emailVerifiedAt: true, passcodeGivenAt: true, declinedAt: true,
        ndas: { select: { acceptedAt: true, version: true, agreementSha256: true } },
        views: { orderBy: { viewedAt: "asc" }, select: { viewedAt: true } },
      },
    }),
  ]);

  const storage: MeasureFact[] = [
    {
      at: idea.createdAt,
      text: `The idea's content and files are stored encrypted at rest with AES-256-GCM (key id ${idea.contentKeyId}); the server decrypts them only for its owner and for readers the access rules below admit.`,
    },
    {
      at: idea.createdAt,
      text: "Every request for the content is checked by the server against the link's rules (identity, agreement, passcode, address lists, expiry, view limits) at the moment of the request; a revoked or expired link delivers nothing.",
    },
  ];
  if (idea.owner.sharingBlockedDomains.length) {
    storage.push({ at: null, text: `Domains the owner blocks on every link: ${list(idea.owner.sharingBlockedDomains)}.` });
  }

  const publication: MeasureFact[] = versions.map((v) => ({
    at: v.publishedAt,
    text: `Version ${v.version} published, content SHA-256 ${v.contentSha256 ?? "not recorded"}. Timestamp: ${certificateTimestampText(v.timestamp)}`,
  }));

  const links: MeasureFact[] = [];
  for (const s of shares) {
    links.push({ at: s.createdAt, text: `Link ${linkName(s)} created. Settings now: ${linkMeasures(s)}.` });
    for (const c of s.changes) links.push({ at: c.changedAt, text: `Link ${s.id} changed: ${c.summary}.` });
    if (s.revokedAt) links.push({ at: s.revokedAt, text: `Link ${s.id} revoked: it delivers nothing from then on.` });
    if (s.expiresAt && s.expiresAt <= now && (!s.revokedAt || s.expiresAt < s.revokedAt)) links.push({ at: s.expiresAt, text: `Link ${s.id} expired.` });
  }

  const access: MeasureFact[] = [];
  for (const r of recipients) {
    const who = `${r.name} <${r.email}> (recipient ${r.id}, link ${r.shareId})`;
    access.push({ at: r.createdAt, text: `${who} identified.` });
    if (r.emailVerifiedAt) access.push({ at: r.emailVerifiedAt, text: `${who} proved the address with the e-mailed code.` });
    if (r.passcodeGivenAt) access.push({ at: r.passcodeGivenAt, text: `${who} gave the link's passcode.` });
    for (const n of r.ndas) {
      access.push({ at: n.acceptedAt, text: `${who} accepted the agreement (text SHA-256 ${n.agreementSha256})${n.version !== null ? ` for version ${n.version}` : ""}.` });
    }
    if (r.declinedAt) access.push({ at: r.declinedAt, text: `${who} declined the agreement and was refused everything from then on.` });
    if (r.views.length) {
      const first = r.views[0].viewedAt;
      const last = r.views[r.views.length - 1].viewedAt;
      access.push({ at: first, text: `${who} opened the content ${r.views.length} ${r.views.length === 1 ? "time" : "times"}${r.views.length > 1 ? `, last at ${last.toISOString()}` : ""}.` });
    }
  }
  const byTime = (a: MeasureFact, b: MeasureFact) => (a.at?.getTime() ?? 0) - (b.at?.getTime() ?? 0);

  return {
    idea: { id: idea.id, title: idea.title, ownerName: idea.owner.name, createdAt: idea.createdAt },
    generatedAt: now,
    sections: [
      { title: "Storage and access control", facts: storage },
      { title: "Publication and proof of existence", facts: publication },
      { title: "Links and their rules", facts: links.sort(byTime) },
      { title: "Who had access, and when", facts: access.sort(byTime) },
    ],
  };
}

export const measuresFileName = (ideaId: number) => `protective-measures-idea-${ideaId}.pdf`;

