import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { pgConfigFromUrl } from "@/lib/platform/db/config";
import { getEnv } from "@/lib/platform/env";
import { telemetryPool } from "@/lib/platform/db";
import { listOutbox } from "@/lib/platform/email/outbox";
import { appendEvidence, erasePersonalEvidence } from "@/lib/domain/evidence-log/append";
import { buildMerkleTree, commitment, merkleRootFromPath, type LogEntry } from "@/lib/domain/evidence-log/chain";
import { runLogAnchorJob } from "@/lib/domain/evidence-log/anchor";
import { runJobsUntilIdle } from "@/lib/features/jobs/worker";
import { opensslVerifiesToken } from "../../../fakes/tsa";
import { testTsaPki } from "../timestamps/tsa-helpers";
import { evidenceLogLines } from "@/lib/domain/evidence-log/read";
import { verifyLog } from "@/lib/domain/evidence-log/verify";
import { listActivity, activityCsv } from "@/lib/domain/activity";
import { deleteAccount } from "@/lib/features/account/delete";
import { addComment } from "@/lib/domain/comments";
import { addOwnerReply } from "@/lib/domain/comments/replies";
import { recordEngagement } from "@/lib/features/engagement/report";
import { evidencePackStream, planEvidencePack } from "@/lib/domain/evidence/pack";
import { publishIdea } from "@/lib/domain/ideas";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { agreementForBrowser } from "@/lib/domain/recipients/agreement";
import { declineNda } from "@/lib/domain/recipients/decline";
import { verifyRecipientEmail } from "@/lib/domain/recipients/email-code";
import { enterPasscode } from "@/lib/domain/recipients/passcode";
import { revokeShare, updateShare } from "@/lib/domain/shares";
import { findReadableAsset } from "@/lib/domain/shares/readable-asset";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { TEST_CLIENT, createPdfDraft, createPublished, createRecipient, createShare, createUser } from "../../../factories";

const INVITEE = "grace@example.com";

async function logOf(ideaId: number): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of evidenceLogLines(ideaId)) lines.push(line.trimEnd());
  return lines;
}
const entriesOf = async (ideaId: number) => (await logOf(ideaId)).map((l) => JSON.parse(l) as LogEntry & { anchor?: unknown }).filter((l) => !l.anchor);

async function codeFromOutbox(to: string) {
  const mail = (await listOutbox()).filter((m) => m.to === to && m.subject === "Your IdeaVault verification code").pop();
  return mail!.text.match(/\b(\d{6})\b/)![1];
}

describe("the evidence log", () => {
  it("records a whole journey, one entry per event in the order they happened, as a valid chain", async () => {
    const owner = await createUser({ name: "Ada Owner" });
    const draft = await createPdfDraft(owner.id);
    const idea = await publishIdea(owner.id, draft.id);
    const share = await createShare(owner.id, idea.id, { shareType: "email", recipientEmail: INVITEE, allowDownload: true });
    const r = await createRecipient(share, { name: "Grace Hopper", client: { ip: "203.0.113.9", userAgent: "Agent/1" } });
    await verifyRecipientEmail(r.id, await codeFromOutbox(INVITEE), r.secrets);
    const shown = await agreementForBrowser(share.accessLink, r.secrets);
    const agreed = await acceptNda(r.id, r.secrets, TEST_CLIENT);
    const content = await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    const view = await db.viewEvent.findFirstOrThrow({ where: { recipientId: r.id } });
    await db.viewEvent.update({ where: { id: view.id }, data: { viewedAt: new Date(Date.now() - 600_000) } });
    await recordEngagement(share.accessLink, r.secrets, { pages: [{ n: 1, ms: 30_000 }] });
    const comment = await addComment({ content: "Looks good" }, r.secrets, null, TEST_CLIENT);
    const reply = await addOwnerReply(owner.id, comment.id, { content: "Thanks" });
    const { pdfAssetId } = await db.idea.findUniqueOrThrow({ where: { id: idea.id } });
    const pdf = await findReadableAsset(null, pdfAssetId!, r.secrets);
    expect(pdf?.recipientId).toBe(r.id);
    await updateShare(owner.id, share.id, { maxViews: 5 });
    const plan = await planEvidencePack(owner.id, idea.id);
    await new Response(evidencePackStream(plan)).arrayBuffer();
    await revokeShare(owner.id, share.id);
    await revokeShare(owner.id, share.id);

    const lines = await logOf(idea.id);
    expect(verifyLog(lines)).toEqual({ valid: true, entries: 14, anchors: 0, head: expect.objectContaining({ seq: 14 }) });
    const entries = await entriesOf(idea.id);
    expect(entries.map((e) => e.type)).toEqual([
      "version.published",
      "link.created",
      "recipient.identified",
      "address.proven",
      "agreement.shown",
      "agreement.accepted",
      "view",
      "reading.reported",
      "comment",
      "reply",
      "file.downloaded",
      "link.changed",
      "evidence-pack.made",
      "link.revoked",
    ]);
    expect(entries.map((e) => e.seq)).toEqual([...Array(14).keys()].map((i) => i + 1));
    const by = Object.fromEntries(entries.map((e) => [e.type, e.data]));
    const publishedSha = (await db.ideaVersion.findFirstOrThrow({ where: { ideaId: idea.id, version: 1 } })).contentSha256;
    expect(by["version.published"]).toMatchObject({ version: 1, sha256: publishedSha });
    expect(by["link.created"]).toMatchObject({ shareId: share.id, shareType: "email", allowDownload: true, passcode: false });
    expect(by["recipient.identified"]).toMatchObject({ shareId: share.id, recipientId: r.id });
    expect(by["agreement.shown"]).toMatchObject({ recipientId: r.id, agreementSha256: shown.sha256 });
    const nda = await db.ndaAcceptance.findFirstOrThrow({ where: { recipientId: r.id } });
    expect(by["agreement.accepted"]).toMatchObject({ ndaId: nda.id, agreementSha256: shown.sha256, contentSha256: nda.contentSha256, version: 1 });
    expect(by.view).toMatchObject({ viewId: view.id, recipientId: r.id, version: 1 });
    expect(by["reading.reported"]).toMatchObject({ viewId: view.id, storedMs: 30_000 });
    expect(by.comment).toMatchObject({ commentId: comment.id });
    expect(by.reply).toMatchObject({ commentId: reply.id, parentId: comment.id });
    expect(by["evidence-pack.made"]).toMatchObject({ packId: plan.packId });
    expect(agreed.agreedToNda).toBe(true);
    expect(content.idea.id).toBe(idea.id);

    // No personal value is in the log: only commitments, which the values beside the log open.
    const text = lines.join("\n");
    for (const personal of ["Grace Hopper", INVITEE, "203.0.113.9", "Agent/1", TEST_CLIENT.ip]) expect(text).not.toContain(personal);
    const identified = entries.find((e) => e.type === "recipient.identified")!;
    const stored = await db.evidencePersonalData.findMany({ where: { ideaId: idea.id, seq: identified.seq } });
    expect(stored.map((p) => p.field).sort()).toEqual(["email", "ip", "name", "phone", "userAgent"]);
    const personal = identified.data.personal as Record<string, string>;
    for (const p of stored) expect(commitment(p.salt, p.value)).toBe(personal[p.field]);
    expect(stored.find((p) => p.field === "name")!.value).toBe("Grace Hopper");

    // The timeline and its CSV name each logged event's entry.
    const { events } = await listActivity(owner.id, idea.id);
    const viewed = events.find((e) => e.type === "viewed")!;
    expect(viewed.log).toEqual({ seq: 7, hash: entries[6].hash });
    expect(events.find((e) => e.type === "link_revoked")!.log?.seq).toBe(14);
    expect(events.filter((e) => e.log === null)).toEqual([]);
    const { csv } = await activityCsv(owner.id, idea.id);
    expect(csv).toContain(`,7,${entries[6].hash.slice(0, 8)}\r\n`);
  });

  it("logs a passcode given and a decline; an entry commits or rolls back with its event", async () => {
    const owner = await createUser();
    const idea = await createPublished(owner.id);
    const share = await createShare(owner.id, idea.id, { passcode: "open sesame" });
    const { proof } = await enterPasscode(share.accessLink, "open sesame", []);
    const r = await createRecipient(share, { passcodes: { [share.id]: proof! } });
    await updateShare(owner.id, share.id, { passcode: "new words" });
    await enterPasscode(share.accessLink, "new words", r.secrets);
    await declineNda(r.id, r.secrets);
    const types = (await entriesOf(idea.id)).map((e) => [e.type, e.data.recipientId ?? null]);
    expect(types).toEqual([
      ["version.published", null],
      ["link.created", null],
      ["recipient.identified", r.id],
      ["link.changed", null],
      ["passcode.given", r.id],
      ["agreement.declined", r.id],
    ]);

    await expect(
      db.$transaction(async (tx) => {
        await tx.comment.create({ data: { ideaId: idea.id, recipientId: r.id, author: "x", content: "never" } });
        await appendEvidence(tx, { ideaId: idea.id, type: "comment", data: { recipientId: r.id }, personal: { name: "x" }, recipientId: r.id });
        throw new Error("the event failed");
      }),
    ).rejects.toThrow("the event failed");
    expect(await db.comment.count({ where: { ideaId: idea.id } })).toBe(0);
    expect(await db.evidenceLog.findUniqueOrThrow({ where: { ideaId: idea.id } })).toMatchObject({ headSeq: 6 });
    expect(await db.evidenceEntry.count({ where: { ideaId: idea.id } })).toBe(6);
    // The next append follows on without a gap.
    await revokeShare(owner.id, share.id);
    expect(verifyLog(await logOf(idea.id))).toMatchObject({ valid: true, entries: 7 });
  });

  it("numbers parallel appends from two servers 1..N: no fork, no gap", async () => {
    const owner = await createUser();
    const idea = await createPublished(owner.id);
    // A second server: its own Prisma client and pool on the same database.
    const other = new PrismaClient({ adapter: new PrismaPg({ ...pgConfigFromUrl(getEnv().DATABASE_URL!), max: 5 }) });
    try {
      const append = (client: typeof db | PrismaClient, i: number) =>
        // (Many more writers than pooled connections: they queue for one, as requests do.)
        client.$transaction((tx) => appendEvidence(tx, { ideaId: idea.id, type: "view", data: { viewId: `v${i}` } }), { maxWait: 30_000, timeout: 30_000 });
      const pg = async (i: number) => {
        const c = await telemetryPool().connect();
        try {
          await c.query("BEGIN");
          const e = await appendEvidence(c, { ideaId: idea.id, type: "reading.reported", data: { viewId: `r${i}` } });
          await c.query("COMMIT");
          return e;
        } finally {
          c.release();
        }
      };
      const results = await Promise.all([
        ...Array.from({ length: 30 }, (_, i) => append(db, i)),
        ...Array.from({ length: 30 }, (_, i) => append(other, 100 + i)),
        ...Array.from({ length: 10 }, (_, i) => pg(200 + i)),
      ]);
      const seqs = results.map((r) => r.seq).sort((a, b) => a - b);
      expect(seqs).toEqual([...Array(72).keys()].slice(2)); // 2..71: entry 1 is the publication
      const lines = await logOf(idea.id);
      expect(verifyLog(lines)).toMatchObject({ valid: true, entries: 71 });
      expect(await db.evidenceLog.findUniqueOrThrow({ where: { ideaId: idea.id } })).toMatchObject({ headSeq: 71, headHash: results.find((r) => r.seq === 71)!.hash });
    } finally {
      await other.$disconnect();
    }
  });

  it("erases a recipient's personal values and keeps the chain valid; entries cannot be updated", async () => {
    const owner = await createUser();
    const idea = await createPublished(owner.id);
    const share = await createShare(owner.id, idea.id);
    const r = await createRecipient(share, { name: "Erase Me" });
    await acceptNda(r.id, r.secrets, TEST_CLIENT);
    const before = await logOf(idea.id);
    expect(await db.evidencePersonalData.count({ where: { recipientId: r.id } })).toBe(10);

    expect(await db.$transaction((tx) => erasePersonalEvidence(tx, [r.id]))).toBe(10);
    expect(await db.evidencePersonalData.count({ where: { ideaId: idea.id } })).toBe(0);
    const after = await logOf(idea.id);
    expect(after).toEqual(before);
    expect(verifyLog(after)).toMatchObject({ valid: true, entries: 4 });

    // Deleting the recipient row (as deleting its link or idea does) takes its values with it.
    const r2 = await createRecipient(share, { name: "Second" });
    await db.recipient.delete({ where: { id: r2.id } });
    expect(await db.evidencePersonalData.count({ where: { ideaId: idea.id } })).toBe(0);
    expect(verifyLog(await logOf(idea.id))).toMatchObject({ valid: true, entries: 5 });

    await expect(db.$executeRaw`UPDATE "EvidenceEntry" SET "type" = 'forged' WHERE "ideaId" = ${idea.id} AND "seq" = 2`).rejects.toThrow(/cannot be changed/);

    // Deleting the owner's account deletes their ideas, and with them the logs and every value beside them.
    const r3 = await createRecipient(share, { name: "Third" });
    expect(await db.evidencePersonalData.count({ where: { recipientId: r3.id } })).toBeGreaterThan(0);
    await deleteAccount(owner.id, { password: owner.password, signedInAt: new Date() });
    expect(await db.evidenceEntry.count({ where: { ideaId: idea.id } })).toBe(0);
    expect(await db.evidencePersonalData.count()).toBe(0);
    expect(await db.evidenceLog.count()).toBe(0);
  });

  it("anchors every changed log in one Merkle tree, stamps the root and puts each path in the log", async () => {
    const owner = await createUser();
    const ideas = [await createPublished(owner.id), await createPublished(owner.id), await createPublished(owner.id)];
    const first = await runLogAnchorJob(new Date("2026-11-27T09:00:00.000Z"));
    expect(first).toMatchObject({ logs: 3, root: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const proof = await db.timestampProof.findUniqueOrThrow({ where: { logAnchorId: first.anchorId! } });
    expect(proof).toMatchObject({ digest: first.root, status: "queued" });
    const inclusions = await db.logAnchorInclusion.findMany({ where: { anchorId: first.anchorId! }, orderBy: { ideaId: "asc" } });
    expect(inclusions.map((i) => i.ideaId)).toEqual(ideas.map((i) => i.id).sort((a, b) => a - b));
    // The anchor keeps its tree once; each log keeps its leaf, and its path is read from the tree.
    expect(inclusions.map((i) => [i.leafIndex, i.path])).toEqual([[0, null], [1, null], [2, null]]);
    const tree = buildMerkleTree(inclusions.map((i) => i.headHash));
    for (const [k, i] of inclusions.entries()) expect(merkleRootFromPath(i.headHash, tree.paths[k]!)).toBe(first.root);

    // Nothing changed: no anchor. One log changed: the next anchor covers it alone.
    expect(await runLogAnchorJob()).toMatchObject({ anchorId: null, logs: 0 });
    await createShare(owner.id, ideas[1].id);
    const second = await runLogAnchorJob(new Date("2026-11-27T10:00:00.000Z"));
    expect(second).toMatchObject({ logs: 1 });

    const lines = await logOf(ideas[1].id);
    expect(lines.map((l) => Object.keys(JSON.parse(l))[0])).toEqual(["seq", "anchor", "seq", "anchor"]);
    expect(JSON.parse(lines[1])).toEqual({ anchor: { root: first.root, path: tree.paths[inclusions.findIndex((i) => i.ideaId === ideas[1].id)], at: "2026-11-27T09:00:00.000Z", ots: null, tsr: null } });
    expect(verifyLog(lines)).toMatchObject({ valid: true, entries: 2, anchors: 2 });

    // The root's RFC 3161 token, once the authority answered, is in the anchor's line: openssl verifies it for the root.
    await runJobsUntilIdle(["tsa"]);
    const stamped = JSON.parse((await logOf(ideas[1].id))[1]) as { anchor: { tsr: string | null } };
    expect(stamped.anchor.tsr).not.toBeNull();
    const checked = opensslVerifiesToken(testTsaPki(), Buffer.from(stamped.anchor.tsr!, "base64"), first.root!);
    expect(checked).toMatchObject({ ok: true });

    // An anchor written before anchors kept their tree: its inclusion carries its path as text, read as it is.
    await createShare(owner.id, ideas[2].id);
    const head2 = await db.evidenceLog.findUniqueOrThrow({ where: { ideaId: ideas[2].id }, select: { headSeq: true, headHash: true } });
    const legacyPath = [{ side: "right" as const, hash: "ab".repeat(32) }];
    const legacyRoot = merkleRootFromPath(head2.headHash, legacyPath);
    const legacy = await db.logAnchor.create({ data: { root: legacyRoot, createdAt: new Date("2026-11-27T10:30:00.000Z"), leafCount: 2 } });
    await db.logAnchorInclusion.create({ data: { anchorId: legacy.id, ideaId: ideas[2].id, headSeq: head2.headSeq, headHash: head2.headHash, path: JSON.stringify(legacyPath) } });
    const lines2 = await logOf(ideas[2].id);
    const anchors2 = lines2.map((l) => JSON.parse(l) as { anchor?: { root: string } }).flatMap((l) => (l.anchor ? [l.anchor] : []));
    expect(anchors2).toHaveLength(2);
    expect(anchors2[0]).toMatchObject({ root: first.root, path: tree.paths[inclusions.findIndex((i) => i.ideaId === ideas[2].id)], at: "2026-11-27T09:00:00.000Z" });
    expect(anchors2[1]).toEqual({ root: legacyRoot, path: legacyPath, at: "2026-11-27T10:30:00.000Z", ots: null, tsr: null });
    expect(verifyLog(lines2)).toMatchObject({ valid: true, anchors: 2 });

    // A rewrite of entry 1 after the anchor, hashes recomputed, fails against the anchor.
    const forged = JSON.parse(lines[0]) as LogEntry;
    forged.data = { ...forged.data, sha256: "0".repeat(64) };
    const { entryHash } = await import("@/lib/domain/evidence-log/chain");
    forged.hash = entryHash(forged, forged.prev);
    expect(verifyLog([JSON.stringify(forged), lines[1]])).toMatchObject({ valid: false, seq: 1, line: 2 });
  });
});
