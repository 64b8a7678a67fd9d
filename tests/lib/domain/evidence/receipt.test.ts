import { db } from "@/lib/platform/db";
import { recordEngagement } from "@/lib/features/engagement/report";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { recipientReceipt, recipientReceipts, receiptShareSelect } from "@/lib/domain/evidence/receipt";
import { runLogAnchorJob } from "@/lib/domain/evidence-log/anchor";
import { ownedShareOr404 } from "@/lib/domain/shares/owned";
import { TEST_CLIENT, TEST_ORIGIN, agreedRecipient, createPublished, createRecipient, createShare, createUser } from "../../../factories";
import { flat, pdfText } from "../../../pdf-text";

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../../route-harness").recipientCookiesModuleMock());

import { GET as receiptJsonGET } from "@/app/api/shares/[id]/recipients/[recipientId]/receipt.json/route";
import { GET as receiptPdfGET } from "@/app/api/shares/[id]/recipients/[recipientId]/receipt.pdf/route";
import { POST as mailReceiptPOST } from "@/app/api/share/[token]/receipt/route";
import { listOutbox } from "@/lib/platform/email/outbox";
import { routeSession } from "../../../route-harness";

const THREE_SECTIONS = "<h1>Title</h1><h2>Problem</h2><p>a</p><h2>Solution</h2><p>b</p><h2>Market</h2><p>c</p>";

const call = (handler: typeof receiptJsonGET, ext: string, shareId: string, recipientId: string) =>
  handler(new Request(`${TEST_ORIGIN}/api/shares/${shareId}/recipients/${recipientId}/receipt.${ext}`), {
    params: Promise.resolve({ id: shareId, recipientId }),
  });

function signIn(user: { id: string; name: string; email: string }) {
  session.user = { id: user.id, name: user.name, email: user.email, profileImage: null };
}

async function reader() {
  const owner = await createUser({ name: "Ada Lovelace" });
  const idea = await createPublished(owner.id, { title: "Analytical engine", content: THREE_SECTIONS });
  const share = await createShare(owner.id, idea.id, { shareType: "email", recipientEmail: "grace@example.com" });
  const recipient = await agreedRecipient(share, { name: "Grace Hopper" });
  await getSharedIdea(share.accessLink, recipient.secrets, TEST_CLIENT);
  const view = await db.viewEvent.findFirstOrThrow({ where: { recipientId: recipient.id } });
  // The view began a while ago, so the reading reported below fits in the time since.
  await db.viewEvent.update({ where: { id: view.id }, data: { viewedAt: new Date(Date.now() - 60_000), lastEngagementAt: null } });
  await recordEngagement(share.accessLink, recipient.secrets, { pages: [{ n: 1, ms: 20_000 }, { n: 2, ms: 10_000 }] });
  return { owner, idea, share, recipient, view };
}

describe("a receipt per reader", () => {
  it("says who, when, what, under which agreement, how much, and the identity each copy carried", async () => {
    const { owner, idea, share, recipient, view } = await reader();
    const r = await recipientReceipt(await ownedShareOr404(owner.id, share.id, { select: receiptShareSelect }), recipient.id);
    const version = await db.ideaVersion.findFirstOrThrow({ where: { ideaId: idea.id, version: 1 } });
    const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: recipient.id } });

    expect(r.who).toMatchObject({ name: "Grace Hopper", email: "grace@example.com" });
    expect(r.who.addressProof).toMatch(/^Confirmed with a one-time code/);
    expect(r.when.agreedAt).toBe(nda.acceptedAt.toISOString());
    expect(r.agreement).toMatchObject({ id: nda.id, textSha256: nda.agreementSha256, contentSha256: nda.contentSha256, versionShown: 1 });
    expect(r.agreement!.acceptance).toBe("Accepted by clicking I Agree");
    expect(r.versionsRead).toEqual([{ version: 1, sha256: version.contentSha256, proof: expect.objectContaining({ digest: version.contentSha256 }) }]);
    expect(r.views).toHaveLength(1);
    expect(r.views[0]).toMatchObject({ viewId: view.id, version: 1, readingMs: 30_000, pagesRead: 2, pageCount: 3 });
    expect(r.views[0].watermark).toMatch(/^Grace Hopper · grace@example\.com · \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect(r.reading).toEqual({ totalMs: 30_000, pagesRead: 2, pageCount: 3, share: 2 / 3 });

    // Each line names its entry in the idea's log, and later the anchor that covers it.
    const hex = expect.stringMatching(/^[0-9a-f]{64}$/);
    for (const key of ["identifiedAt", "agreedAt"] as const) expect(r.whenLog[key]).toEqual({ seq: expect.any(Number), hash: hex, anchor: null });
    // (The factory marks the address proven directly, not through the code's call, so no entry records it.)
    expect(r.whenLog.passcodeGivenAt).toBeNull();
    const viewEntry = await db.evidenceEntry.findUniqueOrThrow({ where: { ideaId_seq: { ideaId: idea.id, seq: r.views[0].log!.seq } } });
    expect(viewEntry).toMatchObject({ type: "view", hash: r.views[0].log!.hash });
    expect(r.views[0].log!.seq).toBeGreaterThan(r.whenLog.agreedAt!.seq);
    expect(r.log.map((e) => e.type)).toEqual(expect.arrayContaining(["recipient.identified", "agreement.accepted", "view", "reading.reported"]));
    await runLogAnchorJob();
    const anchored = await recipientReceipt(await ownedShareOr404(owner.id, share.id, { select: receiptShareSelect }), recipient.id);
    expect(anchored.views[0].log!.anchor).toEqual({ root: hex, at: expect.any(String) });
  });

  it("a page of receipts at once (the evidence pack's) is each reader's own receipt, in the order asked", async () => {
    const owner = await createUser({ name: "Ada Lovelace" });
    const idea = await createPublished(owner.id, { title: "Analytical engine", content: THREE_SECTIONS });
    const share = await createShare(owner.id, idea.id);
    const readers = [];
    for (const name of ["Grace Hopper", "Alan Turing"]) {
      const r = await agreedRecipient(share, { name, email: `${name.split(" ")[0].toLowerCase()}@example.com` });
      await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
      readers.push(r);
    }
    const [grace, alan] = readers;
    const other = await agreedRecipient(await createShare(owner.id, idea.id), { name: "Someone Else" });
    const loaded = await ownedShareOr404(owner.id, share.id, { select: receiptShareSelect });
    const now = new Date();
    const page = await recipientReceipts(loaded, [alan.id, other.id, "no-such-recipient", grace.id], now);
    expect(page.map((r) => r.receiptFor)).toEqual([alan.id, grace.id]);
    expect(page).toEqual([await recipientReceipt(loaded, alan.id, now), await recipientReceipt(loaded, grace.id, now)]);
    // Each names only its own reader's lines of the log.
    const graceView = await db.viewEvent.findFirstOrThrow({ where: { recipientId: grace.id } });
    expect(page[1].views.map((v) => v.viewId)).toEqual([graceView.id]);
    expect(page[0].log.map((e) => e.seq)).not.toContain(page[1].views[0].log!.seq);
    expect(page[0].log.length).toBeGreaterThan(0);
  });

  it("is served as JSON and as a PDF to the link's owner only; other ids are 404s", async () => {
    const { owner, share, recipient } = await reader();
    const other = await createUser();
    const stranger = await createRecipient(await createShare(other.id, (await createPublished(other.id)).id));

    signIn(owner);
    const json = await call(receiptJsonGET, "json", share.id, recipient.id);
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    expect(JSON.parse(await json.text())).toMatchObject({ format: "ideavault-receipt-1", receiptFor: recipient.id });

    const pdf = await call(receiptPdfGET, "pdf", share.id, recipient.id);
    expect(pdf.status).toBe(200);
    const text = flat(pdfText(new Uint8Array(await pdf.arrayBuffer())));
    for (const s of ["Reading receipt", "Grace Hopper", "grace@example.com", "Accepted by clicking I Agree", "2 of 3 (67%)", "Watermark", "The log behind this receipt", "not yet anchored"]) expect(text).toContain(s);
    expect(text).toMatch(/log #\d+ · [0-9a-f]{16}…/);

    expect((await call(receiptJsonGET, "json", share.id, stranger.id)).status).toBe(404);
    signIn(other);
    expect((await call(receiptPdfGET, "pdf", share.id, recipient.id)).status).toBe(404);
  });

  it("is e-mailed to a reader whose address was proven, a few times an hour; never to a typed address or a stranger", async () => {
    const { share, recipient } = await reader();
    const mail = () => mailReceiptPOST(new Request(`${TEST_ORIGIN}/api/share/${share.accessLink}/receipt`, { method: "POST", headers: { origin: TEST_ORIGIN } }), {
      params: Promise.resolve({ token: share.accessLink }),
    });
    session.secrets = recipient.secrets;
    const before = (await listOutbox()).length;
    const res = await mail();
    expect(res.status).toBe(200);
    const sent = (await listOutbox()).filter((m) => m.to === "grace@example.com" && m.subject.startsWith("Your reading receipt"));
    expect(sent).toHaveLength(1);
    expect(sent[0].attachments).toEqual([expect.objectContaining({ filename: `receipt-${recipient.id}.pdf`, contentType: "application/pdf" })]);
    expect(flat(pdfText(Buffer.from(sent[0].attachments![0].content, "base64")))).toContain("Grace Hopper");
    expect((await listOutbox()).length).toBe(before + 1);
    expect((await mail()).status).toBe(200);
    expect((await mail()).status).toBe(200);
    expect((await mail()).status).toBe(429);

    // A link that only asks the reader to type an address: nothing is mailed there.
    const owner = await createUser();
    const open = await createShare(owner.id, (await createPublished(owner.id)).id);
    const typed = await agreedRecipient(open, { email: "someone@example.com" });
    await getSharedIdea(open.accessLink, typed.secrets, TEST_CLIENT);
    session.secrets = typed.secrets;
    const refused = await mailReceiptPOST(new Request(`${TEST_ORIGIN}/api/share/${open.accessLink}/receipt`, { method: "POST", headers: { origin: TEST_ORIGIN } }), {
      params: Promise.resolve({ token: open.accessLink }),
    });
    expect(refused.status).toBe(409);
    expect((await listOutbox()).some((m) => m.to === "someone@example.com" && m.subject.startsWith("Your reading receipt"))).toBe(false);

    session.secrets = [];
    expect((await mail()).status).toBe(404);
  });
});
