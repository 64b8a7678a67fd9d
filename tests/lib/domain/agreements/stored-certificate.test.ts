import { PDFDocument } from "pdf-lib";
import { db } from "@/lib/platform/db";
import { pendingJobs } from "@/lib/platform/jobs";
import { runJobsUntilIdle } from "@/lib/features/jobs/worker";
import { runTimestampJobs } from "@/lib/domain/evidence/jobs";
import { certificateInclude } from "@/lib/domain/agreements/certificate-data";
import { certificateOrigin } from "@/lib/domain/agreements/certificate-pdf";
import { ndaCertificatePdf } from "@/lib/domain/agreements/stored-certificate";
import { agreedRecipient, createPublished, createShare, createUser } from "../../../factories";
import { flat, pdfText } from "../../../pdf-text";

async function acceptance() {
  const owner = await createUser({ name: "Ada Lovelace" });
  const idea = await createPublished(owner.id, { title: "Analytical engine" });
  const share = await createShare(owner.id, idea.id);
  const recipient = await agreedRecipient(share, { name: "Grace Hopper", email: "grace@example.com" });
  const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: recipient.id } });
  return { owner, idea, nda };
}

const facts = (ndaId: string) => db.ndaAcceptance.findUniqueOrThrow({ where: { id: ndaId }, include: certificateInclude });

/** Proof and token settled as the timestamp jobs leave them: submitted to the calendars, the token granted. */
async function settle(ndaId: string) {
  const proof = await db.timestampProof.update({
    where: { ndaAcceptanceId: ndaId },
    data: { status: "pending", ots: Buffer.from("proof"), submittedAt: new Date("2026-11-20T08:00:00Z") },
  });
  const granted = { state: "granted" as const, tsaUrl: "http://tsa.example/", tsaName: "Example TSA", genTime: new Date("2026-11-20T08:00:01Z"), serial: "0a1b" };
  await db.tsaToken.upsert({ where: { proofId: proof.id }, create: { proofId: proof.id, ...granted }, update: granted });
}

describe("kept certificates", () => {
  it("a certificate whose facts are unchanged is served as kept; any change of them builds it anew", async () => {
    const { nda } = await acceptance();
    const builds = jest.spyOn(PDFDocument, "create");
    try {
      const first = await ndaCertificatePdf(await facts(nda.id));
      expect(builds).toHaveBeenCalledTimes(1);
      const again = await ndaCertificatePdf(await facts(nda.id));
      expect(builds).toHaveBeenCalledTimes(1);
      expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);

      // The proof anchored: the certificate says so, not what it said before.
      await db.timestampProof.update({
        where: { ndaAcceptanceId: nda.id },
        data: { status: "confirmed", ots: Buffer.from("proof"), bitcoinHeight: 923456, bitcoinBlockHash: "00".repeat(32), bitcoinTime: new Date("2026-11-20T09:10:11Z") },
      });
      const anchored = await ndaCertificatePdf(await facts(nda.id));
      expect(builds).toHaveBeenCalledTimes(2);
      expect(flat(pdfText(anchored))).toContain("923456");

      // A fact outside the proof (the owner shows their e-mail on certificates) changes it too.
      const { idea } = await facts(nda.id);
      await db.user.update({ where: { id: (await db.idea.findUniqueOrThrow({ where: { id: idea!.id } })).ownerId }, data: { showEmailOnCertificates: true } });
      await ndaCertificatePdf(await facts(nda.id));
      expect(builds).toHaveBeenCalledTimes(3);

      // Another host name than the site's: built for it, and the kept one is left as it is.
      const kept = await db.ndaCertificate.findUniqueOrThrow({ where: { ndaAcceptanceId: nda.id } });
      const elsewhere = await ndaCertificatePdf(await facts(nda.id), "https://other.example");
      expect(builds).toHaveBeenCalledTimes(4);
      expect(flat(pdfText(elsewhere))).toContain("https://other.example/verify");
      expect((await db.ndaCertificate.findUniqueOrThrow({ where: { ndaAcceptanceId: nda.id } })).inputsSha256).toBe(kept.inputsSha256);
    } finally {
      builds.mockRestore();
    }
  });

  it("the timestamp job queues a build for each settled acceptance whose kept certificate prints another state", async () => {
    const { nda } = await acceptance();
    // Still queued for the calendars: nothing worth building yet.
    await runTimestampJobs();
    expect(await pendingJobs(["certificates"])).toBe(0);

    await settle(nda.id);
    expect((await runTimestampJobs()).certificates).toBe(1);
    // Queued once: the next run finds its job.
    expect((await runTimestampJobs()).certificates).toBe(0);
    await runJobsUntilIdle(["certificates"]);
    const kept = await db.ndaCertificate.findUniqueOrThrow({ where: { ndaAcceptanceId: nda.id } });
    expect(kept).toMatchObject({ proofStatus: "pending", tokenState: "granted" });
    expect(flat(pdfText(kept.pdf))).toContain(`${certificateOrigin()}/api/ndas/${nda.id}/timestamp/tsr`);
    expect((await runTimestampJobs()).certificates).toBe(0);

    // Anchored hours later: rebuilt by the next run, so a pack finds it ready.
    await db.timestampProof.update({ where: { ndaAcceptanceId: nda.id }, data: { status: "confirmed", bitcoinHeight: 923457, bitcoinTime: new Date() } });
    expect((await runTimestampJobs()).certificates).toBe(1);
    await runJobsUntilIdle(["certificates"]);
    const rebuilt = await db.ndaCertificate.findUniqueOrThrow({ where: { ndaAcceptanceId: nda.id } });
    expect(rebuilt.proofStatus).toBe("confirmed");
    expect(flat(pdfText(rebuilt.pdf))).toContain("923457");
    const builds = jest.spyOn(PDFDocument, "create");
    try {
      await ndaCertificatePdf(await facts(nda.id));
      expect(builds).not.toHaveBeenCalled();
    } finally {
      builds.mockRestore();
    }
  });

  it("goes with its acceptance", async () => {
    const { owner, nda } = await acceptance();
    await ndaCertificatePdf(await facts(nda.id));
    expect(await db.ndaCertificate.count({ where: { ndaAcceptanceId: nda.id } })).toBe(1);
    await db.user.delete({ where: { id: owner.id } });
    expect(await db.ndaCertificate.count({ where: { ndaAcceptanceId: nda.id } })).toBe(0);
  });
});
