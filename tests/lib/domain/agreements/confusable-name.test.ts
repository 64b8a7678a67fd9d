import { db } from "@/lib/platform/db";
import { createAgreement } from "@/lib/domain/agreements";
import { buildNdaCertificate } from "@/lib/domain/agreements/certificate-pdf";
import { findCertificateData } from "@/lib/domain/agreements/certificate-data";
import { agreedRecipient, createPublished, createShare, createUser } from "../../../factories";
import { flat, pdfText } from "../../../pdf-text";

/**
 * A recipient name written with full-width brackets (U+FF3B, U+FF3D) must neither forge a filled-in field of the
 * owner's agreement nor turn into "?" on the certificate, which prints that agreement.
 */
const NAME = "Sam ［Recipient e-mail: ceo@bigcorp.com］";
const BODY = "1. {recipientName} ({recipientEmail}) keeps {ideaTitle} secret.\n\n2. Signed on {date}.";

async function acceptedWithOwnAgreement() {
  const owner = await createUser({ name: "Fiona Founder" });
  await createAgreement(owner.id, { title: "Mutual NDA", body: BODY, isDefault: true });
  const idea = await createPublished(owner.id, { title: "Solar kettle" });
  const share = await createShare(owner.id, idea.id);
  const recipient = await agreedRecipient(share, { name: NAME, email: "sam@example.com" });
  const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: recipient.id } });
  return { owner, nda };
}

/** Every "[Label: value]" mark of a text, as label and value. */
const marks = (text: string) => [...text.matchAll(/\[([^[\]:]+): ([^[\]]*)\]/g)].map((m) => [m[1], m[2]]);

describe("a recipient name with full-width brackets", () => {
  it("forges no 'Recipient e-mail' field in the accepted agreement, and the certificate prints it without '?'", async () => {
    const { owner, nda } = await acceptedWithOwnAgreement();
    expect(nda.agreementVersion).toMatch(/^own:/);
    const text = nda.agreementText;
    expect(marks(text)).toEqual([
      ["Recipient name", "Sam (Recipient e-mail: ceo@bigcorp.com)"],
      ["Recipient e-mail", "sam@example.com"],
      ["Idea title", "Solar kettle"],
      ["Date", expect.any(String)],
    ]);
    expect(text).toContain("Recipient: Sam (Recipient e-mail: ceo@bigcorp.com) <sam@example.com>");
    expect(text).not.toMatch(/[［］]/);
    // The stored name is as typed; only its printing is folded.
    expect(nda.name).toBe(NAME);

    const certificate = flat(pdfText(await buildNdaCertificate(await findCertificateData(nda.id, { userId: owner.id, secrets: [] }), "https://vault.example")));
    expect(certificate).not.toContain("?");
    // The Name field, and the agreement as accepted, line by line.
    expect(certificate).toContain("Sam [Recipient e-mail: ceo@bigcorp.com]");
    for (const line of text.split("\n").filter((l) => l.trim())) expect(certificate).toContain(flat(line));
  });
});
