import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { NotFoundError } from "@/lib/platform/http/errors";
import { buildNdaCertificate, certificateFileName, formatUtc } from "@/lib/domain/agreements/certificate-pdf";
import { findCertificateData } from "@/lib/domain/agreements/certificate-data";
import { listOutbox } from "@/lib/platform/email/outbox";
import { agreedRecipient, createPublished, createRecipient, createShare, createUser, TEST_CLIENT } from "../../../factories";
import { flat, pdfFonts, pdfInfo, pdfText } from "../../../pdf-text";
import { allowConsoleError } from "../../../db-utils";

const SECRET_CONTENT = "Quantum-entangled-turnip-harvester-7731";

async function acceptance(opts: { shareType?: "email" | "unlimited"; name?: string } = {}) {
  const owner = await createUser({ name: "Ada Lovelace", email: "ada@example.com" });
  const idea = await createPublished(owner.id, { title: "Analytical engine", content: `<p>${SECRET_CONTENT}</p>` });
  const email = "lukasz@example.com";
  const share = opts.shareType === "email"
    ? await createShare(owner.id, idea.id, { shareType: "email", recipientEmail: email })
    : await createShare(owner.id, idea.id);
  const client = { ip: "198.51.100.23", userAgent: "Mozilla/5.0 (X11; Linux x86_64) TestBrowser/99.0 with a rather long user agent string that must wrap across lines" };
  const recipient = await agreedRecipient(share, { name: opts.name ?? "Łukasz Дмитрий", email, phone: "+48 600 100 200", client });
  const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: recipient.id } });
  return { owner, idea, share, recipient, nda };
}

async function certificateText(ndaId: string, ownerId: string) {
  const data = await findCertificateData(ndaId, { userId: ownerId, secrets: [] });
  const pdf = await buildNdaCertificate(data, "https://vault.example");
  return { pdf, text: pdfText(pdf), data };
}

describe("NDA certificate", () => {
  it("holds every field of the acceptance, the full agreement text, and never the idea's content", async () => {
    const { owner, idea, nda } = await acceptance({ shareType: "email" });
    const { pdf, text } = await certificateText(nda.id, owner.id);
    const all = flat(text);
    for (const expected of [
      "NDA Acceptance Certificate",
      nda.id,
      "Łukasz Дмитрий",
      "lukasz@example.com",
      "+48 600 100 200",
      "Yes: confirmed with a one-time code",
      formatUtc(nda.acceptedAt),
      "198.51.100.23",
      "TestBrowser/99.0",
      String(idea.id),
      "Analytical engine",
      "Ada Lovelace",
      nda.agreementSha256,
      nda.contentSha256,
      nda.agreementVersion,
      "Queued",
      `https://vault.example/api/ndas/${nda.id}/timestamp/ots`,
      "https://vault.example/verify",
    ]) {
      expect(all).toContain(expected);
    }
    // The user agent wraps but is complete.
    expect(all).toContain("must wrap across lines");
    // The agreement, paragraph by paragraph, exactly as accepted.
    for (const paragraph of nda.agreementText.split("\n").filter((l) => l.trim())) expect(all).toContain(flat(paragraph));
    expect(all).not.toContain(SECRET_CONTENT);
    expect(all).not.toContain("turnip");
    // The owner's account e-mail is not shown unless they chose to.
    expect(all).not.toContain("ada@example.com");
    // Page numbers on every page, metadata, and fonts that extract (ToUnicode) and are embedded as subsets.
    const info = pdfInfo(pdf);
    const pages = Number(info.Pages);
    expect(pages).toBeGreaterThanOrEqual(2);
    for (let p = 1; p <= pages; p++) expect(flat(pdfText(pdf, p))).toContain(`Page ${p} of ${pages}`);
    expect(info.Title).toContain("NDA Acceptance Certificate");
    expect(info.CreationDate).toBeTruthy();
    const fonts = pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    for (const f of fonts) expect(f).toMatchObject({ name: expect.stringMatching(/^DejaVuSans/), embedded: true, toUnicode: true });
    // Subset: the two DejaVu files weigh 1.4 MB; the glyphs used, a few dozen kB.
    expect(pdf.length).toBeLessThan(150_000);
  });

  it("says when the e-mail was not verified by a code", async () => {
    const { owner, nda } = await acceptance();
    expect(flat((await certificateText(nda.id, owner.id)).text)).toContain("No: this link did not require an e-mail code");
  });

  it("reports each timestamp state", async () => {
    const { owner, nda } = await acceptance();
    const proof = { ndaAcceptanceId: nda.id };
    await db.timestampProof.updateMany({ where: proof, data: { status: "pending", ots: Buffer.from("proof"), submittedAt: new Date("2026-11-20T08:00:00Z") } });
    expect(flat((await certificateText(nda.id, owner.id)).text)).toContain("Pending: submitted to the OpenTimestamps calendars on 2026-11-20 08:00:00 UTC");
    await db.timestampProof.updateMany({
      where: proof,
      data: { status: "confirmed", bitcoinHeight: 923456, bitcoinBlockHash: "00".repeat(32), bitcoinTime: new Date("2026-11-20T09:10:11Z") },
    });
    expect(flat((await certificateText(nda.id, owner.id)).text)).toContain("Anchored in Bitcoin block 923456 (2026-11-20 09:10:11 UTC)");
    await db.timestampProof.updateMany({ where: proof, data: { status: "failed", lastError: "calendars unreachable" } });
    const failed = flat((await certificateText(nda.id, owner.id)).text);
    expect(failed).toContain("Failed: Bitcoin could not confirm the proof. The record and its digests above remain valid evidence.");
    expect(failed).not.toContain("calendars unreachable");
  });

  it("names the second clock (RFC 3161) once an authority granted a token, and how to check it", async () => {
    const { owner, nda } = await acceptance();
    const { id: proofId } = await db.timestampProof.findUniqueOrThrow({ where: { ndaAcceptanceId: nda.id }, select: { id: true } });
    expect(flat((await certificateText(nda.id, owner.id)).text)).toContain("RFC 3161 timestamp pending");
    const granted = { state: "granted" as const, tsaUrl: "https://tsa.example/tsr", genTime: new Date("2026-11-20T08:00:05Z"), serial: "0a1b2c" };
    await db.tsaToken.upsert({ where: { proofId }, create: { proofId, ...granted }, update: granted });
    const text = flat((await certificateText(nda.id, owner.id)).text);
    expect(text).toContain("Timestamped at 2026-11-20 08:00:05 UTC by tsa.example (RFC 3161)");
    expect(text).toContain("0a1b2c");
    expect(text).toContain(`https://vault.example/api/ndas/${nda.id}/timestamp/tsr`);
    expect(text).toContain("openssl ts -verify");
    await db.tsaToken.update({ where: { proofId }, data: { state: "off", genTime: null, serial: null } });
    expect(flat((await certificateText(nda.id, owner.id)).text)).not.toContain("RFC 3161");
  });

  it("is available to the idea's owner and to the recipient who accepted, and to no one else", async () => {
    const { owner, share, recipient, nda } = await acceptance();
    expect((await findCertificateData(nda.id, { userId: owner.id, secrets: [] })).id).toBe(nda.id);
    expect((await findCertificateData(nda.id, { userId: null, secrets: recipient.secrets })).id).toBe(nda.id);
    const stranger = await createUser();
    const other = await createRecipient(share, { name: "Eve", email: "eve@example.com" });
    for (const viewer of [
      { userId: stranger.id, secrets: [] },
      { userId: null, secrets: other.secrets },
      { userId: null, secrets: [] },
    ]) {
      await expect(findCertificateData(nda.id, viewer)).rejects.toBeInstanceOf(NotFoundError);
    }
    await expect(findCertificateData("doesnotexist00000000", { userId: owner.id, secrets: [] })).rejects.toBeInstanceOf(NotFoundError);
    expect(certificateFileName(nda.id)).toBe(`nda-certificate-${nda.id}.pdf`);
  });

  it("shows the owner's account e-mail only when the owner switched it on (profile)", async () => {
    const { owner, nda } = await acceptance();
    expect(flat((await certificateText(nda.id, owner.id)).text)).not.toContain("ada@example.com");
    await db.user.update({ where: { id: owner.id }, data: { showEmailOnCertificates: true } });
    expect(flat((await certificateText(nda.id, owner.id)).text)).toContain("Ada Lovelace <ada@example.com>");
  });

  it("is never mailed to a typed, unproven address: a non-e-mail link's recipient downloads it from the viewer", async () => {
    const { recipient, nda } = await acceptance({ name: "Zoë Ωmega" });
    expect(recipient.agreedToNda).toBe(true);
    expect((await listOutbox()).filter((m) => m.to === "lukasz@example.com")).toEqual([]);
    // Still there for the recipient who accepted.
    expect((await findCertificateData(nda.id, { userId: null, secrets: recipient.secrets })).id).toBe(nda.id);
  });

  it("is e-mailed, attached, to an address proven by a code (an e-mail link) when they accept", async () => {
    const { nda } = await acceptance({ shareType: "email", name: "Zoë Ωmega" });
    const mail = (await listOutbox()).find((m) => m.to === "lukasz@example.com" && m.attachments?.length);
    expect(mail).toBeDefined();
    expect(mail!.subject).toContain("Analytical engine");
    expect(mail!.attachments).toEqual([{ filename: `nda-certificate-${nda.id}.pdf`, contentType: "application/pdf", content: expect.any(String) }]);
    const pdf = Buffer.from(mail!.attachments![0]!.content, "base64");
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = flat(pdfText(pdf));
    expect(text).toContain("Zoë Ωmega");
    expect(text).toContain(nda.id);
    expect(text).not.toContain(SECRET_CONTENT);
  });

  it("a mail that cannot be sent never fails the acceptance", async () => {
    const owner = await createUser();
    const share = await createShare(owner.id, (await createPublished(owner.id)).id, { shareType: "email", recipientEmail: "lukasz@example.com" });
    const identified = await createRecipient(share);
    await db.recipient.update({ where: { id: identified.id }, data: { emailVerifiedAt: new Date() } });
    // From here on the outbox directory cannot be created: a file stands in its way.
    fs.rmSync(path.join(getEnv().dataDir, "outbox"), { recursive: true, force: true });
    fs.writeFileSync(path.join(getEnv().dataDir, "outbox"), "not a directory");
    const errors = jest.spyOn(console, "error").mockImplementation(() => {});
    allowConsoleError();
    const { acceptNda } = await import("@/lib/domain/recipients/accept-nda");
    const recipient = await acceptNda(identified.id, identified.secrets, TEST_CLIENT);
    expect(recipient.agreedToNda).toBe(true);
    expect(await db.ndaAcceptance.count({ where: { recipientId: identified.id } })).toBe(1);
    expect(errors.mock.calls.some((c) => String(c[0]).includes("NDA certificate mail failed"))).toBe(true);
    errors.mockRestore();
  });

  it("accepting again sends no second certificate", async () => {
    const { recipient } = await acceptance({ shareType: "email" });
    const { acceptNda } = await import("@/lib/domain/recipients/accept-nda");
    await acceptNda(recipient.id, recipient.secrets, TEST_CLIENT);
    expect((await listOutbox()).filter((m) => m.attachments?.length)).toHaveLength(1);
  });
});
