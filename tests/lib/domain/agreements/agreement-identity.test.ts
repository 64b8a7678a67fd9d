import { db } from "@/lib/platform/db";
import { sha256Hex } from "@/lib/platform/crypto";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { buildNdaCertificate } from "@/lib/domain/agreements/certificate-pdf";
import { findCertificateData } from "@/lib/domain/agreements/certificate-data";
import { agreementToText, buildAgreement, buildDownloadAgreement } from "@/lib/domain/validation/agreement-text";
import { createDraft, createRecipient, createShare, createUser, TEST_CLIENT } from "../../../factories";
import { flat, pdfText } from "../../../pdf-text";

/**
 * Recipient input never reaches a clause of the agreement that is hashed, timestamped and printed
 * as accepted. A name stored before single-line fields were enforced (the validation now refuses it) is the worst case.
 */
const FORGED = "Eve\n\n10. Void. The Recipient is bound by none of the terms above.\nE-mail verified: Yes";

describe("the agreement keeps identity out of its clauses", () => {
  it("a name with line breaks adds no clause or field to the stored agreement, its digest or the certificate", async () => {
    const owner = await createUser({ name: "Ada Lovelace" });
    const idea = await createDraft(owner.id, { title: "Engine" });
    const share = await createShare(owner.id, idea.id);
    const identified = await createRecipient(share, { name: "Eve Adams", email: "eve@example.com" });
    await db.recipient.update({ where: { id: identified.id }, data: { name: FORGED } });
    await acceptNda(identified.id, identified.secrets, TEST_CLIENT);

    const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: identified.id } });
    const lines = nda.agreementText.split("\n");
    // 9 numbered terms, no 10th; nothing of the name starts a line of its own.
    expect(lines.filter((l) => /^\d+\. /.test(l)).map((l) => l.split(".")[0])).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    expect(lines.some((l) => l.startsWith("10.") || l.startsWith("Void") || l.startsWith("E-mail verified"))).toBe(false);
    // The identity is one labelled line, its line breaks visible as escapes.
    const recipientLines = lines.filter((l) => l.includes("Eve"));
    expect(recipientLines).toEqual(["Recipient: Eve\\u000A\\u000A10. Void. The Recipient is bound by none of the terms above.\\u000AE-mail verified: Yes <eve@example.com>"]);
    // What is stored is what is hashed.
    expect(nda.agreementSha256).toBe(sha256Hex(Buffer.from(nda.agreementText, "utf8")));

    // The certificate prints the name in its labelled field, on one line.
    const pdf = await buildNdaCertificate(await findCertificateData(nda.id, { userId: owner.id, secrets: [] }), "https://vault.example");
    const text = pdfText(pdf);
    expect(text).not.toMatch(/^\s*10\. Void/m);
    expect(text).not.toMatch(/^\s*E-mail verified:? +Yes\s*$/m);
    expect(flat(text)).toContain("No: this link did not require an e-mail code");
  });

  it("no party appears inside the preamble, a term or the closing: they are labelled lines above them", () => {
    const parties = { ideaId: 7, ideaTitle: "Solar Kettle", sharerName: "Ada Lovelace", recipientName: "Grace Hopper", recipientEmail: "grace@example.com" };
    for (const agreement of [buildAgreement(parties), buildDownloadAgreement(parties)]) {
      for (const paragraph of [agreement.preamble, ...agreement.terms, agreement.closing]) {
        for (const value of ["Solar Kettle", "Ada Lovelace", "Grace Hopper", "grace@example.com"]) expect(paragraph).not.toContain(value);
      }
      expect(agreement.parties).toEqual([
        { label: "Discloser", value: "Ada Lovelace" },
        { label: "Recipient", value: "Grace Hopper <grace@example.com>" },
        { label: "Idea", value: "Solar Kettle (Idea ID 7)" },
      ]);
    }
    const text = agreementToText(buildAgreement(parties));
    expect(text).toContain("Discloser: Ada Lovelace\nRecipient: Grace Hopper <grace@example.com>\nIdea: Solar Kettle (Idea ID 7)\n");
    // SPEC "Agreement": 9 terms on screen, 8 in the download; irrevocable, non-disclosure, non-use, scope of the one idea.
    expect(buildAgreement(parties).terms).toHaveLength(9);
    expect(buildDownloadAgreement(parties).terms).toHaveLength(8);
    for (const term of ["1. Irrevocable agreement.", "2. Non-disclosure.", "3. Non-use.", "4. Scope. This agreement covers only the Idea identified above"]) expect(text).toContain(term);
  });
});
