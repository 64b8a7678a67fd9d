import { db } from "@/lib/platform/db";
import { sha256Hex } from "@/lib/platform/crypto";
import { NotFoundError } from "@/lib/platform/http/errors";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { revokeShare } from "@/lib/domain/shares";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { getIdeaOts, getIdeaStampedFile, getNdaEvidenceFile, getNdaOts, getNdaTimestamp, ideaOfAgreedRecipient, listIdeaNdas } from "@/lib/domain/evidence/proofs";
import { verifyProof } from "@/lib/domain/timestamps/verify";
import { agreedRecipient, createPublished, createRecipient, createShare, createUser, TEST_CLIENT } from "../../../factories";
import { expectSameInPython, runStamping, runUpgradeChecks, useFakeNetwork } from "./helpers";

const fakes = useFakeNetwork({ calendars: 2, explorers: 1 });

async function acceptedNda() {
  const owner = await createUser({ name: "Ada Lovelace" });
  const idea = await createPublished(owner.id, { title: "Analytical engine", content: "<p>Punched cards</p>" });
  const share = await createShare(owner.id, idea.id);
  const recipient = await agreedRecipient(share, { name: "Grace Hopper", email: "grace@example.com", phone: "+1 555 0100" });
  const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: recipient.id }, include: { timestamp: true } });
  return { owner, idea, share, recipient, nda };
}

describe("timestamps: NDA acceptances", () => {
  it("queues the canonical record of an acceptance, once, with the idea's stamped digest inside", async () => {
    const { owner, idea, recipient, nda } = await acceptedNda();
    expect(nda.contentSha256).toBe(idea.contentSha256);
    expect(nda.timestamp).toMatchObject({ status: "queued", ideaId: null, ndaAcceptanceId: nda.id });
    const file = await getNdaEvidenceFile(owner.id, nda.id);
    expect(sha256Hex(file.bytes)).toBe(nda.timestamp!.digest);
    expect(JSON.parse(file.bytes.toString("utf8"))).toEqual({
      format: "ideavault-nda-acceptance-2",
      acceptance: nda.id,
      acceptedAt: nda.acceptedAt.toISOString(),
      acceptedBy: "Accepted by clicking I Agree",
      recipient: { name: "Grace Hopper", email: "grace@example.com", phone: "+1 555 0100" },
      share: nda.shareId,
      idea: idea.id,
      agreement: { version: nda.agreementVersion, sha256: nda.agreementSha256 },
      content: { sha256: idea.contentSha256, version: 1 },
    });
    expect(file.fileName).toBe(`nda-acceptance-${nda.id}.json`);
    // Accepting again changes nothing.
    await acceptNda(recipient.id, recipient.secrets, TEST_CLIENT);
    expect(await db.timestampProof.count({ where: { ndaAcceptanceId: { not: null } } })).toBe(1);
    const [listed] = await listIdeaNdas(owner.id, idea.id);
    expect(listed).toMatchObject({ id: nda.id, name: "Grace Hopper", email: "grace@example.com", timestamp: { status: "queued", digest: nda.timestamp!.digest } });
  });

  it("stamps the acceptance in the same batch as the idea, and proves it after a block", async () => {
    const { owner, idea, nda } = await acceptedNda();
    expect(await runStamping()).toMatchObject({ queued: 2, submitted: 2 });
    expect(fakes.net.calendars.map((c) => c.submissions.length)).toEqual([1, 1]);
    fakes.net.mineAll();
    expect(await runUpgradeChecks()).toMatchObject({ confirmed: 2 });

    const status = await getNdaTimestamp(owner.id, nda.id);
    expect(status).toMatchObject({ status: "confirmed", bitcoin: { height: expect.any(Number) } });
    const evidence = await getNdaEvidenceFile(owner.id, nda.id);
    const ots = await getNdaOts(owner.id, nda.id);
    expect(ots.fileName).toBe(`nda-acceptance-${nda.id}.json.ots`);
    expect(await verifyProof(evidence.bytes, ots.bytes)).toMatchObject({ matches: true, verdict: "confirmed" });
    // The content digest inside the record is the one the idea's own proof anchors.
    const ideaFile = await getIdeaStampedFile(owner.id, idea.id);
    expect(sha256Hex(ideaFile.bytes)).toBe(JSON.parse(evidence.bytes.toString("utf8")).content.sha256);
    expectSameInPython([ots.bytes, (await getIdeaOts(owner.id, idea.id)).bytes]);
  });

  it("shows an acceptance's proof only to the idea's owner", async () => {
    const { idea, nda } = await acceptedNda();
    const stranger = await createUser();
    await expect(getNdaTimestamp(stranger.id, nda.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getNdaEvidenceFile(stranger.id, nda.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getNdaOts(stranger.id, nda.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(listIdeaNdas(stranger.id, idea.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("timestamps: what an agreed recipient may download", () => {
  it("the proof of what they viewed, while their view window is open, and nothing after the share is revoked", async () => {
    const { owner, idea, share, recipient } = await acceptedNda();
    // Agreed, but nothing delivered yet: no window.
    await expect(ideaOfAgreedRecipient(share.accessLink, recipient.secrets)).rejects.toBeInstanceOf(NotFoundError);
    await getSharedIdea(share.accessLink, recipient.secrets, TEST_CLIENT);
    expect(await ideaOfAgreedRecipient(share.accessLink, recipient.secrets)).toEqual({ ownerId: owner.id, ideaId: idea.id, version: 1 });
    // Another browser, or a malformed token, gets nothing.
    await expect(ideaOfAgreedRecipient(share.accessLink, ["x".repeat(43)])).rejects.toBeInstanceOf(NotFoundError);
    await expect(ideaOfAgreedRecipient("nope", recipient.secrets)).rejects.toBeInstanceOf(NotFoundError);
    await revokeShare(owner.id, share.id);
    await expect(ideaOfAgreedRecipient(share.accessLink, recipient.secrets)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a recipient who has not agreed gets nothing", async () => {
    const owner = await createUser();
    const idea = await createPublished(owner.id);
    const share = await createShare(owner.id, idea.id);
    const r = await createRecipient(share);
    await expect(ideaOfAgreedRecipient(share.accessLink, r.secrets)).rejects.toBeInstanceOf(NotFoundError);
  });
});
