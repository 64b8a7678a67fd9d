import { db } from "@/lib/platform/db";
import { listOutbox } from "@/lib/platform/email/outbox";
import { mailedCode } from "../../../support/outbox";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { verifyRecipientEmail } from "@/lib/domain/recipients/email-code";
import { WRONG_ADDRESS } from "@/lib/domain/recipients/identify";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { requireReader } from "@/lib/domain/gate";
import { listSharedWithMe } from "@/lib/domain/shares/shared-with-me";
import { ADDRESSES_ON_EMAIL_LINKS_ONLY } from "@/lib/domain/shares";
import { MESSAGES } from "@/lib/domain/validation/sharing";
import { TEST_CLIENT, createRecipient, createShare, createUser } from "../../../factories";
import { createLink, patchLink, signedInOwner } from "./share-route-calls";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());

const setup = () => signedInOwner({ email: "fiona@example.com" });

/** Several addresses per e-mail link: each invited, each proving itself with its own code; removed ones refused. */

const INVITATION = /shared "Kettle" with you on IdeaVault$/;
const invitationsTo = async () => (await listOutbox()).filter((m) => INVITATION.test(m.subject)).map((m) => m.to).sort();

/** A recipient on `link` at `email` who proved it with the code mailed to it, agreed and opened the content. */
async function provenReader(link: { accessLink: string }, email: string) {
  const r = await createRecipient(link, { email });
  await verifyRecipientEmail(r.id, await mailedCode(email), r.secrets);
  await acceptNda(r.id, r.secrets, TEST_CLIENT);
  expect((await getSharedIdea(link.accessLink, r.secrets, TEST_CLIENT)).idea?.content).toContain("Secret plan");
  return r;
}

describe("POST /api/shares with several addresses", () => {
  it("stores them lower-case and deduplicated, answers both fields, and invites each address with its own mail", async () => {
    const { idea } = await setup();
    const created = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: [" Ada@Example.com", "bob@example.com", "ADA@example.com"] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ recipientEmail: "ada@example.com", recipientEmails: ["ada@example.com", "bob@example.com"] });
    expect(await invitationsTo()).toEqual(["ada@example.com", "bob@example.com"]);
    const mails = (await listOutbox()).filter((m) => INVITATION.test(m.subject));
    // No invitation names the other invitees.
    expect(mails.find((m) => m.to === "ada@example.com")?.text).not.toContain("bob@example.com");
    expect(mails.every((m) => m.replyTo === "fiona@example.com")).toBe(true);
  });

  it("keeps `recipientEmail` alone working as before, and merges it first with a list given beside it", async () => {
    const { idea } = await setup();
    const one = await createLink({ ideaId: idea.id, shareType: "email", recipientEmail: "Grace@Example.com" });
    expect(one.body).toMatchObject({ recipientEmail: "grace@example.com", recipientEmails: ["grace@example.com"] });
    const both = await createLink({ ideaId: idea.id, shareType: "email", recipientEmail: "grace@example.com", recipientEmails: ["ada@example.com", "grace@example.com"] });
    expect(both.body).toMatchObject({ recipientEmail: "grace@example.com", recipientEmails: ["grace@example.com", "ada@example.com"] });
    // Other types carry none.
    const open = await createLink({ ideaId: idea.id, shareType: "full-access", recipientEmails: ["ada@example.com"] });
    expect(open.body).toMatchObject({ recipientEmail: null, recipientEmails: [] });
  });

  it.each([
    ["no address at all", {}, MESSAGES.recipientEmail],
    ["an empty list", { recipientEmails: [] }, MESSAGES.recipientEmail],
    ["a bad address among good ones, named", { recipientEmails: ["ada@example.com", "not-an-address"] }, `${MESSAGES.recipientEmail}: not-an-address`],
    ["51 addresses", { recipientEmails: Array.from({ length: 51 }, (_, i) => `reader${i}@example.com`) }, "Enter at most 50 addresses"],
  ])("refuses %s with 400 and creates nothing", async (_name, fields, message) => {
    const { idea } = await setup();
    const res = await createLink({ ideaId: idea.id, shareType: "email", ...fields });
    expect(res).toEqual({ status: 400, body: expect.objectContaining({ error: message }) });
    expect(await db.share.count()).toBe(0);
    expect(await invitationsTo()).toEqual([]);
  });

  it("accepts 50 addresses", async () => {
    const { idea } = await setup();
    const res = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: Array.from({ length: 50 }, (_, i) => `reader${i}@example.com`) });
    expect(res.status).toBe(201);
    expect(res.body.recipientEmails).toHaveLength(50);
    expect(await invitationsTo()).toHaveLength(50);
  });
});

describe("the gate of a link sent to several addresses", () => {
  it("admits each listed address with its own code; refuses an unlisted one; a code sent to one does not prove another", async () => {
    const { idea } = await setup();
    const { body: link } = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: ["ada@example.com", "bob@example.com"] });
    // Several addresses: the reader's form is not pre-filled with one of them.
    expect(await getSharedIdea(link.accessLink, [], TEST_CLIENT)).toMatchObject({ invitedEmail: null });

    await expect(createRecipient(link, { email: "eve@example.com" })).rejects.toMatchObject({ status: 403, message: WRONG_ADDRESS });
    const ada = await createRecipient(link, { email: "Ada@Example.com" });
    const bob = await createRecipient(link, { email: "bob@example.com" });
    const adaCode = await mailedCode("ada@example.com");
    const bobCode = await mailedCode("bob@example.com");
    // Ada's code does not prove Bob's address (unless the two 6-digit codes happen to be equal).
    if (adaCode !== bobCode) await expect(verifyRecipientEmail(bob.id, adaCode, bob.secrets)).rejects.toMatchObject({ status: 400 });
    await verifyRecipientEmail(ada.id, adaCode, ada.secrets);
    await verifyRecipientEmail(bob.id, bobCode, bob.secrets);
    for (const r of [ada, bob]) {
      await acceptNda(r.id, r.secrets, TEST_CLIENT);
      expect((await getSharedIdea(link.accessLink, r.secrets, TEST_CLIENT)).idea?.content).toContain("Secret plan");
    }
  });

  it("a link sent to one address still pre-fills it", async () => {
    const { idea } = await setup();
    const { body: link } = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: ["ada@example.com"] });
    expect(await getSharedIdea(link.accessLink, [], TEST_CLIENT)).toMatchObject({ invitedEmail: "ada@example.com" });
  });
});

describe("PATCH /api/shares/{id} recipientEmails", () => {
  it("invites only the added addresses, refuses a removed one at once (reader included), and records the change", async () => {
    const { idea } = await setup();
    const { body: link } = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: ["ada@example.com", "bob@example.com"] });
    const bob = await provenReader(link, "bob@example.com");
    await expect(requireReader(link.accessLink, bob.secrets)).resolves.toMatchObject({ recipient: { id: bob.id } });

    const patched = await patchLink(link.id, { recipientEmails: ["ada@example.com", "Carol@Example.com"] });
    expect(patched).toEqual({ status: 200, body: expect.objectContaining({ recipientEmail: "ada@example.com", recipientEmails: ["ada@example.com", "carol@example.com"] }) });
    expect(await invitationsTo()).toEqual(["ada@example.com", "bob@example.com", "carol@example.com"]);

    // Bob was taken off: his open session is refused like a revoked link's, and he cannot identify again.
    await expect(requireReader(link.accessLink, bob.secrets)).rejects.toMatchObject({ status: 404 });
    expect(await getSharedIdea(link.accessLink, bob.secrets, TEST_CLIENT)).not.toHaveProperty("idea.content");
    await expect(createRecipient(link, { email: "bob@example.com" })).rejects.toMatchObject({ status: 403, message: WRONG_ADDRESS });
    // Carol, added, gets in with her own code.
    const carol = await provenReader(link, "carol@example.com");
    await expect(requireReader(link.accessLink, carol.secrets)).resolves.toMatchObject({ recipient: { id: carol.id } });

    const change = await db.shareChange.findFirstOrThrow({ where: { shareId: link.id } });
    expect(change.summary).toBe("invited carol@example.com; no longer sent to bob@example.com");

    // Inviting Bob again lets his reader back in.
    await patchLink(link.id, { recipientEmails: ["ada@example.com", "carol@example.com", "bob@example.com"] });
    await expect(requireReader(link.accessLink, bob.secrets)).resolves.toMatchObject({ recipient: { id: bob.id } });
  });

  it("refuses an empty or bad list (400, nothing changed), and addresses on a link that is not an e-mail link", async () => {
    const { owner, idea } = await setup();
    const { body: link } = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: ["ada@example.com"] });
    const before = await db.share.findUniqueOrThrow({ where: { id: link.id } });
    expect(await patchLink(link.id, { recipientEmails: [] })).toEqual({ status: 400, body: expect.objectContaining({ error: MESSAGES.recipientEmail }) });
    expect(await patchLink(link.id, { recipientEmails: ["ada@example.com", "x@"] })).toEqual({ status: 400, body: expect.objectContaining({ error: `${MESSAGES.recipientEmail}: x@` }) });
    expect(await db.share.findUniqueOrThrow({ where: { id: link.id } })).toEqual(before);

    const open = await createShare(owner.id, idea.id);
    expect(await patchLink(open.id, { recipientEmails: ["ada@example.com"] })).toEqual({ status: 400, body: expect.objectContaining({ error: ADDRESSES_ON_EMAIL_LINKS_ONLY }) });
  });
});

describe("Shared with me", () => {
  it("shows a link sent to several addresses to each listed address's account, and no longer to a removed one", async () => {
    const { idea } = await setup();
    const ada = await createUser({ email: "ada@example.com", emailVerified: true });
    const bob = await createUser({ email: "bob@example.com", emailVerified: true });
    const eve = await createUser({ email: "eve@example.com", emailVerified: true });
    const { body: link } = await createLink({ ideaId: idea.id, shareType: "email", recipientEmails: ["ada@example.com", "bob@example.com"] });
    expect(await listSharedWithMe(ada.id)).toEqual([expect.objectContaining({ shareId: link.id })]);
    expect(await listSharedWithMe(bob.id)).toEqual([expect.objectContaining({ shareId: link.id })]);
    expect(await listSharedWithMe(eve.id)).toEqual([]);
    await patchLink(link.id, { recipientEmails: ["ada@example.com"] });
    expect(await listSharedWithMe(bob.id)).toEqual([]);
  });
});
