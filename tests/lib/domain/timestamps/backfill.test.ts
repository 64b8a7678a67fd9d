import fs from "node:fs";
import { db } from "@/lib/platform/db";
import { getIdeaTimestamp, getNdaTimestamp } from "@/lib/domain/evidence/proofs";
import { queueMissingProofs } from "@/lib/domain/evidence/backfill";
import { agreedRecipient, createDraft, createPdfDraft, createPublished, createShare, createUser } from "../../../factories";
import { blobPath, expectConsoleError } from "../../../db-utils";
import { publishIdea } from "@/lib/domain/ideas";

// The upgrade backfill on the current schema (tests/lib/platform/server/upgrade.test.ts runs it on databases of older
// releases): a subject whose proof is missing is queued with the digest publication or acceptance would have queued.

/** As an older release left it: published (its version 1 since the versions migration) or accepted, with no proof. */
async function withoutProof(where: { ideaId: number } | { ndaAcceptanceId: string }) {
  const proof = "ideaId" in where
    ? await db.timestampProof.findFirstOrThrow({ where: { ideaVersion: { ideaId: where.ideaId, version: 1 } } })
    : await db.timestampProof.findUniqueOrThrow({ where });
  await db.timestampProof.delete({ where: { id: proof.id } });
  return proof.digest;
}

describe("queueMissingProofs", () => {
  it("queues published ideas and accepted agreements without a proof with the digests they were queued with, never a draft", async () => {
    const owner = await createUser();
    const idea = await createPublished(owner.id, { title: "Kettle", content: "<p>Sun</p>" });
    await createDraft(owner.id);
    const recipient = await agreedRecipient(await createShare(owner.id, idea.id));
    const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: recipient.id } });
    const ideaDigest = await withoutProof({ ideaId: idea.id });
    const ndaDigest = await withoutProof({ ndaAcceptanceId: nda.id });

    expect(await queueMissingProofs()).toEqual({ ideas: 1, agreements: 1, failed: 0 });
    expect(await getIdeaTimestamp(owner.id, idea.id)).toMatchObject({ status: "queued", digest: ideaDigest });
    expect(await getNdaTimestamp(owner.id, nda.id)).toMatchObject({ status: "queued", digest: ndaDigest });
    expect(await db.timestampProof.count()).toBe(2);
    expect(await queueMissingProofs()).toEqual({ ideas: 0, agreements: 0, failed: 0 });
  });

  it("reports a published idea it cannot export and still queues the others", async () => {
    const owner = await createUser();
    const pdf = await createPdfDraft(owner.id);
    await publishIdea(owner.id, pdf.id);
    const html = await createPublished(owner.id);
    await withoutProof({ ideaId: pdf.id });
    const htmlDigest = await withoutProof({ ideaId: html.id });
    const asset = await db.asset.findFirstOrThrow({ where: { ideaId: pdf.id } });
    fs.rmSync(blobPath(asset.blobKey));

    expectConsoleError(new RegExp(`version 1 of published idea ${pdf.id} cannot be queued for a timestamp: File not found`));
    expect(await queueMissingProofs()).toEqual({ ideas: 1, agreements: 0, failed: 1 });
    expect(await db.timestampProof.findMany({ select: { ideaVersion: { select: { ideaId: true } }, digest: true } })).toEqual([{ ideaVersion: { ideaId: html.id }, digest: htmlDigest }]);
    // The owner's lookup says what is wrong rather than calling the idea unpublished.
    await expect(getIdeaTimestamp(owner.id, pdf.id)).rejects.toMatchObject({ status: 404, message: "File not found" });
  });

  it("is version-aware: a later version without its proof is queued with that version's digest", async () => {
    const owner = await createUser();
    const idea = await createPublished(owner.id, { title: "Kettle", content: "<p>Sun</p>" });
    const { createDraftVersion, updateDraftVersion } = await import("@/lib/domain/ideas/versions");
    await createDraftVersion(owner.id, idea.id);
    await updateDraftVersion(owner.id, idea.id, 2, { title: "Kettle II", content: "<p>Mirrors</p>" });
    await publishIdea(owner.id, idea.id);
    const v2 = await db.ideaVersion.findUniqueOrThrow({ where: { ideaId_version: { ideaId: idea.id, version: 2 } }, include: { timestamp: true } });
    await db.timestampProof.delete({ where: { id: v2.timestamp!.id } });

    expect(await queueMissingProofs()).toEqual({ ideas: 1, agreements: 0, failed: 0 });
    expect(await db.timestampProof.findFirstOrThrow({ where: { ideaVersionId: v2.id } })).toMatchObject({ digest: v2.contentSha256, status: "queued" });
    expect(await getIdeaTimestamp(owner.id, idea.id, 1)).toMatchObject({ digest: (await db.ideaVersion.findFirstOrThrow({ where: { ideaId: idea.id, version: 1 } })).contentSha256 });
    expect(await queueMissingProofs()).toEqual({ ideas: 0, agreements: 0, failed: 0 });
  });
});
