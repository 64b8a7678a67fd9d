import { db } from "@/lib/platform/db";
import { sha256Hex } from "@/lib/platform/crypto";
import { NotFoundError } from "@/lib/platform/http/errors";
import { createIdea, publishIdea } from "@/lib/domain/ideas";
import { getIdeaOts, getIdeaStampedFile, getIdeaTimestamp } from "@/lib/domain/evidence/proofs";
import { getEnv } from "@/lib/platform/env";
import { runTimestampJobs } from "@/lib/domain/evidence/jobs";
import { verifyProof } from "@/lib/domain/timestamps/verify";
import { attestationsOf, findNode, parseOtsFile, OTS_MEDIA_TYPE } from "@/lib/domain/timestamps/ots";
import { createPdfDraft, createUser, MINIMAL_PDF } from "../../../factories";
import { makeJobsDue, setEnv, waitingJobs } from "../../../db-utils";
import { GET as CRON } from "@/app/api/cron/timestamps/route";
import { expectSameInPython, runStamping, runUpgradeChecks, useFakeNetwork } from "./helpers";

const fakes = useFakeNetwork({ calendars: 3, explorers: 2 });

/** A creator with a rich-text, a canvas and a PDF idea, all published. */
async function publishThree() {
  const user = await createUser();
  const html = await createIdea(user.id, { title: "Solar <kettle> & co", content: "<p>Boil water with <strong>sunlight</strong></p>" });
  const canvas = await createIdea(user.id, { title: "Board", content: { elements: [{ type: "text", x: 1, y: 2, text: "Hi", fontSize: 16, fontFamily: "Arial" }] } });
  const pdf = await createPdfDraft(user.id, "Whitepaper");
  for (const idea of [html, canvas, pdf]) await publishIdea(user.id, idea.id);
  return { user, ids: [html.id, canvas.id, pdf.id] };
}

describe("timestamps: from publication to a Bitcoin-anchored proof", () => {
  it("publishing fixes the digest of the exact export and only queues it", async () => {
    const { user, ids } = await publishThree();
    const [htmlId, canvasId, pdfId] = ids;
    for (const id of ids) {
      const file = await getIdeaStampedFile(user.id, id);
      const idea = await db.idea.findUniqueOrThrow({ where: { id } });
      expect(idea.contentSha256).toBe(sha256Hex(file.bytes));
      // The proof is version 1's (each version has its own).
      const v1 = await db.ideaVersion.findUniqueOrThrow({ where: { ideaId_version: { ideaId: id, version: 1 } }, include: { timestamp: true } });
      expect(v1.contentSha256).toBe(idea.contentSha256);
      expect(v1.timestamp).toMatchObject({ status: "queued", digest: idea.contentSha256, ots: null });
      expect(idea.blockchainTimestamp).toBeInstanceOf(Date);
    }
    // What is stamped, byte for byte.
    const html = (await getIdeaStampedFile(user.id, htmlId)).bytes.toString("utf8");
    expect(html).toBe(
      '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="generator" content="IdeaVault export 1">\n' +
        "<title>Solar &lt;kettle&gt; &amp; co</title>\n</head>\n<body>\n<h1>Solar &lt;kettle&gt; &amp; co</h1>\n" +
        "<p>Boil water with <strong>sunlight</strong></p>\n</body>\n</html>\n",
    );
    expect((await getIdeaStampedFile(user.id, canvasId)).bytes.toString("utf8")).toBe(
      '{"elements":[{"fontFamily":"Arial","fontSize":16,"text":"Hi","type":"text","x":1,"y":2}],"format":"ideavault-canvas-1","title":"Board"}',
    );
    expect((await getIdeaStampedFile(user.id, pdfId)).bytes.equals(MINIMAL_PDF)).toBe(true);
    // No calendar was contacted.
    expect(fakes.net.calendars.map((c) => c.submissions.length)).toEqual([0, 0, 0]);
    expect(await getIdeaTimestamp(user.id, htmlId)).toMatchObject({ status: "queued", submittedAt: null, calendars: [], bitcoin: null });
    await expect(getIdeaOts(user.id, htmlId)).rejects.toBeInstanceOf(NotFoundError);
    // Each proof has its job to be stamped, committed with the publication.
    const proofs = await db.timestampProof.findMany({ select: { id: true } });
    expect((await waitingJobs("stamp")).map((j) => j.data).sort((a, b) => String(a.proofId).localeCompare(String(b.proofId)))).toEqual(
      proofs.map((p) => ({ proofId: p.id, attempt: 1 })).sort((a, b) => a.proofId.localeCompare(b.proofId)),
    );
  });

  it("stamps a batch with one submission per calendar, upgrades it after a block and verifies it", async () => {
    const { user, ids } = await publishThree();
    const counts = await runStamping();
    expect(counts).toEqual({ queued: 3, submitted: 3, calendars: 3, retrying: 0, failed: 0 });

    // One submission per calendar, with the protocol's Accept header, of one 32-byte root.
    for (const cal of fakes.net.calendars) {
      expect(cal.submissions).toHaveLength(1);
      expect(cal.submissions[0].accept).toBe(OTS_MEDIA_TYPE);
      expect(cal.submissions[0].digest).toHaveLength(32);
    }
    const root = fakes.net.calendars[0].submissions[0].digest;
    expect(fakes.net.calendars.every((c) => c.submissions[0].digest.equals(root))).toBe(true);

    const proofs = await db.timestampProof.findMany({ where: { ideaVersion: { ideaId: { in: ids } } }, orderBy: { ideaVersion: { ideaId: "asc" } } });
    const files: Buffer[] = [];
    for (const proof of proofs) {
      expect(proof).toMatchObject({ status: "pending", calendars: fakes.net.calendars.map((c) => c.url), lastError: null });
      expect(proof.submittedAt).toBeInstanceOf(Date);
      // Its first calendar check is a job, one interval after the submission.
      const [check] = await waitingJobs("timestamp-upgrade", { proofId: proof.id });
      expect(check.data).toEqual({ proofId: proof.id, check: 1 });
      expect(check.startAfter.getTime()).toBe(proof.submittedAt!.getTime() + getEnv().OTS_INTERVAL_S * 1000);
      const bytes = Buffer.from(proof.ots!);
      files.push(bytes);
      const ots = parseOtsFile(bytes);
      // Its own digest, a nonce, then a path that reaches the root the calendars received…
      expect(Buffer.from(ots.fileDigest()).toString("hex")).toBe(proof.digest);
      expect(findNode(ots.timestamp, root)).toBeDefined();
      // …and every calendar's pending attestation.
      expect(attestationsOf(ots.timestamp).map((a) => a.attestation)).toEqual(
        expect.arrayContaining(fakes.net.calendars.map((c) => ({ kind: "pending", uri: c.url }))),
      );
      // Never a neighbour's digest.
      for (const other of proofs) if (other !== proof) expect(bytes.includes(Buffer.from(other.digest, "hex"))).toBe(false);
    }
    expectSameInPython(files);
    expect(await getIdeaTimestamp(user.id, ids[0])).toMatchObject({ status: "pending", bitcoin: null, calendars: fakes.net.calendars.map((c) => c.url) });

    // Before any block: still pending, and nothing is written but the schedule (each proof's second check).
    expect(await runUpgradeChecks()).toMatchObject({ checked: 3, upgraded: 0, confirmed: 0, pending: 3 });
    // Every calendar was asked once about its commitment, not once per idea.
    expect(fakes.net.calendars.map((c) => c.upgradeRequests.length)).toEqual([1, 1, 1]);
    expect((await waitingJobs("timestamp-upgrade")).map((j) => j.data.check)).toEqual([2, 2, 2]);

    const heights = fakes.net.mineAll();
    // The next check is due after the backoff: its time comes.
    expect(await runUpgradeChecks()).toMatchObject({ checked: 3, upgraded: 3, confirmed: 3 });
    const firstBlock = fakes.net.chain.blocks.get(heights[0]!)!;

    const confirmed = await db.timestampProof.findMany({ where: { ideaVersion: { ideaId: { in: ids } } }, orderBy: { ideaVersion: { ideaId: "asc" } } });
    const upgraded: Buffer[] = [];
    for (const proof of confirmed) {
      expect(proof).toMatchObject({ status: "confirmed", bitcoinHeight: firstBlock.height, bitcoinBlockHash: firstBlock.hash, lastError: null });
      expect(proof.bitcoinTime?.getTime()).toBe(firstBlock.time * 1000);
      const bytes = Buffer.from(proof.ots!);
      upgraded.push(bytes);
      const kinds = attestationsOf(parseOtsFile(bytes).timestamp).map((a) => a.attestation);
      expect(kinds.filter((k) => k.kind === "bitcoin").map((k) => (k as { height: number }).height).sort()).toEqual(heights.slice().sort());
    }
    expectSameInPython(upgraded);

    const status = await getIdeaTimestamp(user.id, ids[0]);
    expect(status).toMatchObject({ status: "confirmed", bitcoin: { height: firstBlock.height, blockHash: firstBlock.hash } });

    // Anyone can check the stamped file against its proof.
    for (const id of ids) {
      const file = await getIdeaStampedFile(user.id, id);
      const ots = await getIdeaOts(user.id, id);
      const result = await verifyProof(file.bytes, ots.bytes);
      expect(result).toMatchObject({ matches: true, verdict: "confirmed", bitcoin: { height: firstBlock.height } });
      expect(result.attestations.filter((a) => a.kind === "bitcoin").every((a) => a.kind === "bitcoin" && a.result === "verified")).toBe(true);
    }

    // Confirmed proofs are left alone: no job waits for them, and the sweep gives them none.
    expect(await waitingJobs("timestamp-upgrade")).toEqual([]);
    expect(await runTimestampJobs()).toMatchObject({ adopted: { stamp: 0, upgrade: 0 } });
  });

  it("keeps the proofs private to their owner", async () => {
    const { ids } = await publishThree();
    const stranger = await createUser();
    await runStamping();
    await expect(getIdeaTimestamp(stranger.id, ids[0])).rejects.toBeInstanceOf(NotFoundError);
    await expect(getIdeaOts(stranger.id, ids[0])).rejects.toBeInstanceOf(NotFoundError);
    await expect(getIdeaStampedFile(stranger.id, ids[0])).rejects.toBeInstanceOf(NotFoundError);
  });

  it("gives drafts no timestamp, and publishing twice queues one digest", async () => {
    const user = await createUser();
    const idea = await createIdea(user.id, { title: "Draft", content: "<p>x</p>" });
    await expect(getIdeaTimestamp(user.id, idea.id)).rejects.toBeInstanceOf(NotFoundError);
    const first = await publishIdea(user.id, idea.id);
    const again = await publishIdea(user.id, idea.id);
    expect(again.blockchainTimestamp).toEqual(first.blockchainTimestamp);
    expect(await db.timestampProof.count()).toBe(1);
    // Concurrent publications of the same draft still queue one digest.
    const other = await createIdea(user.id, { title: "Race", content: "<p>y</p>" });
    await Promise.all([publishIdea(user.id, other.id), publishIdea(user.id, other.id), publishIdea(user.id, other.id)]);
    expect(await db.timestampProof.count({ where: { ideaVersion: { ideaId: other.id } } })).toBe(1);
  });

  it("GET /api/cron/timestamps (serverless) runs the periodic job, then the due checks, then the due proofs as one batch", async () => {
    setEnv({ CRON_SECRET: "a-cron-secret-of-some-length" });
    const { ids } = await publishThree();
    const call = async () => {
      const res = await CRON(new Request("http://localhost/api/cron/timestamps", { headers: { authorization: "Bearer a-cron-secret-of-some-length" } }), { params: Promise.resolve({}) });
      expect(res.status).toBe(200);
      return res.json();
    };
    expect(await call()).toMatchObject({ adopted: { stamp: 0, upgrade: 0 }, upgrade: { checked: 0 }, stamp: { queued: 3, submitted: 3, calendars: 3 } });
    fakes.net.mineAll();
    await makeJobsDue("timestamp-upgrade");
    expect(await call()).toMatchObject({ upgrade: { checked: 3, confirmed: 3 }, stamp: { queued: 0 } });
    expect(await db.timestampProof.count({ where: { ideaVersion: { ideaId: { in: ids } }, status: "confirmed" } })).toBe(3);
  });
});
