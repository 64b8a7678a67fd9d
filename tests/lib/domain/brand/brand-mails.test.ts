import sharp from "sharp";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { listOutbox } from "@/lib/platform/email/outbox";
import { addressOf } from "@/lib/platform/email/address";
import { setBrandLogo } from "@/lib/domain/brand";
import { mailReaderReceipt } from "@/lib/domain/evidence/mail-receipt";
import { mailNdaCertificate } from "@/lib/domain/agreements/mail-certificate";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { TEST_CLIENT, TEST_ORIGIN, agreedRecipient, createDraft, createPublished, createShare, createUser } from "../../../factories";
import { identifyRoute } from "../../../recipient-routes";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../../route-harness").recipientCookiesModuleMock());

/** The invitation and code mails of an e-mail link are signed by the sender's brand. */
const INVITEE = "grace@example.com";
const mailsTo = async (subject: RegExp) => (await listOutbox()).filter((m) => m.to === INVITEE && subject.test(m.subject));

async function brandedOwner(brand: { brandName?: string | null; brandAccent?: string | null; logo?: boolean }) {
  const owner = await createUser({ name: "Ada Lovelace", email: "ada@example.com" });
  await db.user.update({ where: { id: owner.id }, data: { brandName: brand.brandName ?? null, brandAccent: brand.brandAccent ?? null } });
  let logoKey: string | null = null;
  if (brand.logo) {
    const png = await sharp({ create: { width: 30, height: 10, channels: 3, background: "#ff0000" } }).png().toBuffer();
    logoKey = (await setBrandLogo(owner.id, { field: "file", fileName: "logo.png", declaredType: "image/png", data: png })).logoUrl!.split("/").pop()!;
  }
  return { owner, logoKey };
}

async function emailLinkOf(ownerId: string) {
  const idea = await createDraft(ownerId, { title: "Solar Kettle" });
  return createShare(ownerId, idea.id, { shareType: "email", recipientEmail: INVITEE });
}

describe("mails to a sender's recipients", () => {
  it("the invitation comes from '{display name} via IdeaVault', answers to the owner, and shows the logo and accent", async () => {
    const { owner, logoKey } = await brandedOwner({ brandName: "Acme Labs", brandAccent: "#ffeb3b", logo: true });
    await emailLinkOf(owner.id);
    const [mail] = await mailsTo(/shared "Solar Kettle"/);
    expect(mail.from).toBe(`"Acme Labs via IdeaVault" <${addressOf(getEnv().EMAIL_FROM)}>`);
    expect(mail.replyTo).toBe("ada@example.com");
    expect(mail.subject).toBe('Acme Labs shared "Solar Kettle" with you on IdeaVault');
    expect(mail.text).toContain('Acme Labs shared the idea "Solar Kettle" with you on IdeaVault.');
    expect(mail.text).not.toContain("Ada Lovelace");
    expect(mail.html).toContain(`src="${TEST_ORIGIN}/api/brand/logo/${logoKey}"`);
    expect(mail.html).toContain('alt="Acme Labs"');
    // A light accent gets black text on the button.
    expect(mail.html).toMatch(/<a href="[^"]+\/view\/[^"]+" style="color:#000000;[^"]*background-color:#ffeb3b;/);
  });

  it("the code mail is signed the same way and names the sender in its text part", async () => {
    const { owner, logoKey } = await brandedOwner({ brandName: "Acme Labs", brandAccent: "#0b57d0", logo: true });
    const share = await emailLinkOf(owner.id);
    await identifyRoute(share, { email: INVITEE });
    const [mail] = await mailsTo(/verification code/);
    expect(mail.from).toBe(`"Acme Labs via IdeaVault" <${addressOf(getEnv().EMAIL_FROM)}>`);
    expect(mail.replyTo).toBe("ada@example.com");
    expect(mail.text).toContain("It confirms your e-mail address for what Acme Labs shared with you.");
    expect(mail.html).toMatch(new RegExp(`src="https?://[^"]+/api/brand/logo/${logoKey}"`));
  });

  it("without a brand the account name signs, with the app's own link style and no logo", async () => {
    const { owner } = await brandedOwner({});
    await emailLinkOf(owner.id);
    const [mail] = await mailsTo(/shared "Solar Kettle"/);
    expect(mail.from).toBe(`"Ada Lovelace via IdeaVault" <${addressOf(getEnv().EMAIL_FROM)}>`);
    expect(mail.html).not.toContain("/api/brand/logo/");
    expect(mail.html).toMatch(/<a href="[^"]+\/view\/[^"]+" style="color:#2E3A59;[^"]*text-decoration:underline"/);
  });

  it("a display name with quotes cannot break the From header", async () => {
    const { owner } = await brandedOwner({ brandName: 'Acme "Labs" <evil@x.test>' });
    await emailLinkOf(owner.id);
    const [mail] = await mailsTo(/Solar Kettle/);
    expect(mail.from).toBe(`"Acme \\"Labs\\" <evil@x.test> via IdeaVault" <${addressOf(getEnv().EMAIL_FROM)}>`);
  });
});

describe("the receipt and certificate mails to a reader", () => {
  /** A reader of an e-mail link who proved their address, agreed and read. */
  async function provenReader(ownerId: string) {
    const idea = await createPublished(ownerId, { title: "Solar Kettle", content: "<p>Boil with sunlight.</p>" });
    const share = await createShare(ownerId, idea.id, { shareType: "email", recipientEmail: INVITEE });
    const reader = await agreedRecipient(share, { name: "Grace Hopper" });
    await getSharedIdea(share.accessLink, reader.secrets, TEST_CLIENT);
    const row = await db.recipient.findUniqueOrThrow({ where: { id: reader.id } });
    return { share, reader: row };
  }

  it.each([
    ["with a brand", "Acme Labs"],
    ["without a brand", null],
  ])("%s are signed like the invitation, and name the account name the evidence names", async (_label, brandName) => {
    const { owner, logoKey } = await brandedOwner({ brandName, brandAccent: "#ffe066", logo: brandName !== null });
    const { share, reader } = await provenReader(owner.id);
    await mailReaderReceipt({ shareId: share.id, recipientId: reader.id, emailVerifiedAt: reader.emailVerifiedAt });
    const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: reader.id } });
    expect(await mailNdaCertificate(nda.id)).toBe(true);
    const [receipt] = await mailsTo(/^Your reading receipt/);
    const certificate = (await mailsTo(/^Your NDA certificate/)).at(-1)!;
    for (const mail of [receipt, certificate]) {
      expect(mail.from).toBe(`"${brandName ?? "Ada Lovelace"} via IdeaVault" <${addressOf(getEnv().EMAIL_FROM)}>`);
      expect(mail.replyTo).toBe("ada@example.com");
      // The text keeps the legal name, as the attached receipt and certificate do.
      expect(mail.text).toContain("shared by Ada Lovelace on IdeaVault");
      if (logoKey) expect(mail.html).toMatch(new RegExp(`src="https?://[^"]+/api/brand/logo/${logoKey}"`));
      else expect(mail.html).not.toContain("/api/brand/logo/");
    }
  });

  /** A reader of a link anyone can open, whose address a code proved (the link asks for a verified e-mail). */
  async function provenReaderOfOpenLink(ownerId: string) {
    const idea = await createPublished(ownerId, { title: "Solar Kettle", content: "<p>Boil with sunlight.</p>" });
    const share = await createShare(ownerId, idea.id, { shareType: "full-access", recipientEmail: null });
    const reader = await agreedRecipient(share, { name: "Grace Hopper", email: INVITEE });
    await db.recipient.update({ where: { id: reader.id }, data: { emailVerifiedAt: new Date(), codeHash: null } });
    await getSharedIdea(share.accessLink, reader.secrets, TEST_CLIENT);
    const row = await db.recipient.findUniqueOrThrow({ where: { id: reader.id } });
    return { share, reader: row };
  }

  it.each([
    ["keeps the owner's address to itself", false, undefined],
    ["answers to the owner who shows their address on certificates", true, "ada@example.com"],
  ])("on a link anyone can open, the mail %s", async (_label, showEmailOnCertificates, replyTo) => {
    const { owner } = await brandedOwner({ brandName: "Acme Labs" });
    await db.user.update({ where: { id: owner.id }, data: { showEmailOnCertificates } });
    const { share, reader } = await provenReaderOfOpenLink(owner.id);
    await mailReaderReceipt({ shareId: share.id, recipientId: reader.id, emailVerifiedAt: reader.emailVerifiedAt });
    const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: reader.id } });
    expect(await mailNdaCertificate(nda.id)).toBe(true);
    const mails = [...(await mailsTo(/^Your reading receipt/)), ...(await mailsTo(/^Your NDA certificate/))];
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.from).toBe(`"Acme Labs via IdeaVault" <${addressOf(getEnv().EMAIL_FROM)}>`);
      expect(mail.replyTo).toBe(replyTo);
    }
  });
});
