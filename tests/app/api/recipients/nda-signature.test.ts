import { mockCookieJar } from "../../../recipient-cookie-jar";

jest.mock("next/headers", () => ({ cookies: async () => mockCookieJar.store() }));

import { PUT as acceptRoute } from "@/app/api/recipients/[id]/nda/route";
import { db } from "@/lib/platform/db";
import { buildNdaCertificate } from "@/lib/domain/agreements/certificate-pdf";
import { findCertificateData } from "@/lib/domain/agreements/certificate-data";
import { recipientCookieName } from "@/lib/domain/recipients/cookies";
import { listShareRecipients } from "@/lib/domain/shares/recipient-evidence";
import { getNdaEvidenceFile, listIdeaNdas } from "@/lib/domain/evidence/proofs";
import { ndaEvidenceDocument } from "@/lib/domain/evidence/nda-evidence";
import { TEST_ORIGIN, createDraft, createRecipient, createShare, createUser } from "../../../factories";
import { flat, pdfText } from "../../../pdf-text";

const MISMATCH = "Type your full name as shown above to sign";

const callAccept = (id: string, body: Record<string, unknown>) =>
  acceptRoute(
    new Request(`${TEST_ORIGIN}/api/recipients/${id}/nda`, { method: "PUT", headers: { origin: TEST_ORIGIN, "content-type": "application/json" }, body: JSON.stringify(body) }),
    { params: Promise.resolve({ id }) },
  );

/** A browser that identified on a link as `name` and holds its recipient cookie. */
async function identifiedBrowser(name = "Grace Hopper") {
  const owner = await createUser();
  const idea = await createDraft(owner.id, { title: "Solar Kettle" });
  const share = await createShare(owner.id, idea.id);
  const recipient = await createRecipient(share, { name, email: "grace@example.com" });
  mockCookieJar.clear();
  mockCookieJar.cookies.set(recipientCookieName(share.id), recipient.secret);
  return { owner, idea, share, recipient };
}

async function certificateText(ndaId: string, ownerId: string) {
  const data = await findCertificateData(ndaId, { userId: ownerId, secrets: [] });
  return flat(pdfText(await buildNdaCertificate(data, "https://vault.example")));
}

describe("PUT /api/recipients/{id}/nda with a typed signature", () => {
  afterEach(() => mockCookieJar.clear());

  it("a matching name signs: kept on the acceptance, its record, certificate and the owner's screens say so", async () => {
    const { owner, idea, share, recipient } = await identifiedBrowser();
    const res = await callAccept(recipient.id, { agreed: true, signature: "Grace Hopper" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: recipient.id, agreedToNda: true });

    const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: recipient.id } });
    expect(nda).toMatchObject({ signature: "Grace Hopper", recordFormat: 2 });
    const statement = "Signed electronically by typing their name: Grace Hopper";

    // The acceptance record (what its timestamp proves, and what the evidence pack holds) says it.
    const record = JSON.parse(ndaEvidenceDocument(nda).toString("utf8"));
    expect(record).toMatchObject({ format: "ideavault-nda-acceptance-2", acceptedBy: statement, signature: "Grace Hopper" });
    const file = await getNdaEvidenceFile(owner.id, nda.id); // rebuilt bytes must equal the stamped digest
    expect(JSON.parse(file.bytes.toString("utf8")).acceptedBy).toBe(statement);

    expect(await certificateText(nda.id, owner.id)).toContain(`How accepted ${statement}`);
    expect((await listShareRecipients(owner.id, share.id))[0].nda?.acceptedBy).toBe(statement);
    expect((await listIdeaNdas(owner.id, idea.id))[0].acceptedBy).toBe(statement);
  });

  it.each([
    ["other case and spacing", "Grace Hopper", "  grace   HOPPER\t", "grace HOPPER"],
    ["a decomposed accent (NFC)", "Jos\u00e9 Martí", "jose\u0301 marti\u0301", "jos\u00e9 mart\u00ed"],
    ["a line break between the names", "Grace Hopper", "Grace\nHopper", "Grace Hopper"],
  ])("accepts %s, kept as typed with its spacing tidied", async (_case, name, typed, kept) => {
    const { recipient } = await identifiedBrowser(name);
    const res = await callAccept(recipient.id, { agreed: true, signature: typed });
    expect(res.status).toBe(200);
    expect((await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: recipient.id } })).signature).toBe(kept);
  });

  it.each([
    ["another name", "Ada Lovelace"],
    ["part of the name", "Grace"],
    ["an empty signature", ""],
    ["only spaces", "   "],
    ["extra letters", "Grace Hoppers"],
  ])("refuses %s with 400 and records nothing", async (_case, typed) => {
    const { recipient } = await identifiedBrowser();
    const res = await callAccept(recipient.id, { agreed: true, signature: typed });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: MISMATCH });
    expect(await db.ndaAcceptance.count({ where: { recipientId: recipient.id } })).toBe(0);
    expect((await db.recipient.findUniqueOrThrow({ where: { id: recipient.id } })).agreedToNda).toBe(false);
  });

  it("without a signature it accepts as before, and everything says I Agree was clicked", async () => {
    const { owner, idea, share, recipient } = await identifiedBrowser();
    const res = await callAccept(recipient.id, { agreed: true });
    expect(res.status).toBe(200);
    const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: recipient.id } });
    expect(nda).toMatchObject({ signature: null, recordFormat: 2 });
    const record = JSON.parse((await getNdaEvidenceFile(owner.id, nda.id)).bytes.toString("utf8"));
    expect(record.acceptedBy).toBe("Accepted by clicking I Agree");
    expect(record).not.toHaveProperty("signature");
    expect(await certificateText(nda.id, owner.id)).toContain("How accepted Accepted by clicking I Agree");
    expect((await listShareRecipients(owner.id, share.id))[0].nda?.acceptedBy).toBe("Accepted by clicking I Agree");
    expect((await listIdeaNdas(owner.id, idea.id))[0].acceptedBy).toBe("Accepted by clicking I Agree");
  });

  it("a record made before signatures keeps its bytes (its proof still matches)", async () => {
    const { recipient } = await identifiedBrowser();
    expect((await callAccept(recipient.id, { agreed: true })).status).toBe(200);
    const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: recipient.id } });
    const before = JSON.parse(ndaEvidenceDocument({ ...nda, recordFormat: 1 }).toString("utf8"));
    expect(before.format).toBe("ideavault-nda-acceptance-1");
    expect(Object.keys(before).sort()).toEqual(["acceptance", "acceptedAt", "agreement", "content", "format", "idea", "recipient", "share"]);
  });

  it("a signature that is not a string, or absurdly long, is a 400", async () => {
    const { recipient } = await identifiedBrowser();
    expect((await callAccept(recipient.id, { agreed: true, signature: 42 })).status).toBe(400);
    const long = await callAccept(recipient.id, { agreed: true, signature: "Grace Hopper".padEnd(301, " ") + "x" });
    expect(long.status).toBe(400);
    expect(await db.ndaAcceptance.count({ where: { recipientId: recipient.id } })).toBe(0);
  });
});
