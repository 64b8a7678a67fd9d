import crypto from "node:crypto";
import { db } from "@/lib/platform/db";
import { ForbiddenError, NotFoundError, RateLimitError } from "@/lib/platform/http/errors";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { CODE_EXPIRED, CODE_MAILS_CAPPED, CODE_TOO_MANY_ATTEMPTS, CODE_WRONG, verifyRecipientEmail, VERIFY_EMAIL_FIRST } from "@/lib/domain/recipients/email-code";
import { createRecipient as createRecipientLib, WRONG_ADDRESS } from "@/lib/domain/recipients/identify";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { revokeShare } from "@/lib/domain/shares";
import { listOutbox } from "@/lib/platform/email/outbox";
import { AGREEMENT_VERSION, agreementToText, buildAgreement } from "@/lib/domain/validation/agreement-text";
import { htmlExport } from "@/lib/domain/ideas/export";
import { createRecipientSchema, MESSAGES } from "@/lib/domain/validation/sharing";
import { setEnv } from "../../../db-utils";
import { MINIMAL_PDF, TEST_CLIENT, agreedRecipient, createDraft, createPdfDraft, createRecipient, createShare, createUser } from "../../../factories";
import { identifyRoute, sendCodeRoute, verifyCodeRoute } from "../../../recipient-routes";

// The code limits are the routes' (counted by their builder on the recipient row they find): those cases call them.
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../../route-harness").recipientCookiesModuleMock());

const sha256 = (data: string | Buffer) => crypto.createHash("sha256").update(data).digest("hex");

/** The code from the newest e-mail to `to`. */
async function codeFromOutbox(to: string) {
  const mail = (await listOutbox()).find((m) => m.to === to);
  expect(mail?.subject).toBe("Your IdeaVault verification code");
  const code = mail!.text.match(/\b(\d{6})\b/)?.[1];
  expect(code).toBeDefined();
  return code!;
}

async function emailShare() {
  const owner = await createUser();
  const idea = await createDraft(owner.id);
  const share = await createShare(owner.id, idea.id, { shareType: "email", recipientEmail: "invitee@example.com" });
  return { owner, idea, share };
}

describe("identifying", () => {
  it("creates the recipient bound to the share with a 43-character secret stored only as its hash", async () => {
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id)).id);
    const r = await createRecipient(share, { name: "  Grace Hopper ", email: "Grace@Example.com", phone: "" });
    expect(r).toMatchObject({ name: "Grace Hopper", email: "grace@example.com", phone: null, agreedToNda: false, emailVerified: true });
    expect(r.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await db.recipient.findUniqueOrThrow({ where: { id: r.id } });
    expect(row).toMatchObject({ shareId: share.id, secretHash: sha256(r.secret), ip: TEST_CLIENT.ip, userAgent: TEST_CLIENT.userAgent });
    expect(JSON.stringify(row)).not.toContain(r.secret);
  });

  it("validates the form with SPEC §5's messages", () => {
    const bad = createRecipientSchema.safeParse({ name: "Al", email: "nope", phone: null, accessToken: "x" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual(expect.arrayContaining([MESSAGES.recipientName, MESSAGES.email]));
  });

  it("another browser's secret is not this recipient: every recipient call answers 404", async () => {
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id)).id);
    const r = await createRecipient(share);
    const other = await createRecipient(share);
    await expect(acceptNda(r.id, other.secrets, TEST_CLIENT)).rejects.toBeInstanceOf(NotFoundError);
    await expect(acceptNda(r.id, [], TEST_CLIENT)).rejects.toBeInstanceOf(NotFoundError);
    await expect(verifyRecipientEmail(r.id, "123456", other.secrets)).rejects.toBeInstanceOf(NotFoundError);
    expect((await db.recipient.findUniqueOrThrow({ where: { id: r.id } })).agreedToNda).toBe(false);
  });
});

describe("e-mail shares", () => {
  it("admit only the invited address, in any case (403 with the contract's message otherwise)", async () => {
    const { share } = await emailShare();
    await expect(createRecipient(share, { email: "someone-else@example.com" })).rejects.toMatchObject({ status: 403, message: WRONG_ADDRESS });
    expect(await db.recipient.count()).toBe(0);
    const r = await createRecipient(share, { email: "INVITEE@example.COM" });
    expect(r).toMatchObject({ email: "invitee@example.com", emailVerified: false });
  });

  it("mail a 6-digit code that is stored hashed and confirms the address", async () => {
    const { share } = await emailShare();
    const r = await createRecipient(share);
    const code = await codeFromOutbox("invitee@example.com");
    const row = await db.recipient.findUniqueOrThrow({ where: { id: r.id } });
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).not.toBe(sha256(code));
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
    expect(row.codeExpiresAt!.getTime() - row.codeSentAt!.getTime()).toBe(10 * 60_000);

    await expect(acceptNda(r.id, r.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 403, message: VERIFY_EMAIL_FIRST });
    const verified = await verifyRecipientEmail(r.id, code, r.secrets);
    expect(verified).toMatchObject({ id: r.id, emailVerified: true, agreedToNda: false });
    expect((await db.recipient.findUniqueOrThrow({ where: { id: r.id } })).codeHash).toBeNull();
    await expect(acceptNda(r.id, r.secrets, TEST_CLIENT)).resolves.toMatchObject({ agreedToNda: true });
  });

  it("refuse a wrong code (400) and an expired one (400)", async () => {
    const { share } = await emailShare();
    const r = await createRecipient(share);
    const code = await codeFromOutbox("invitee@example.com");
    const wrong = code === "000000" ? "000001" : "000000";
    await expect(verifyRecipientEmail(r.id, wrong, r.secrets)).rejects.toMatchObject({ status: 400, message: CODE_WRONG });
    // 10 minutes later (moved on the row).
    await db.recipient.update({ where: { id: r.id }, data: { codeExpiresAt: new Date(Date.now() - 1000) } });
    await expect(verifyRecipientEmail(r.id, code, r.secrets)).rejects.toMatchObject({ status: 400, message: CODE_EXPIRED });
    expect((await db.recipient.findUniqueOrThrow({ where: { id: r.id } })).emailVerifiedAt).toBeNull();
  });

  it("kill a code after 5 wrong attempts, even racing ones: the right code then answers 429", async () => {
    const { share } = await emailShare();
    const r = await createRecipient(share);
    const code = await codeFromOutbox("invitee@example.com");
    const wrong = code === "111111" ? "222222" : "111111";
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => verifyRecipientEmail(r.id, wrong, r.secrets)));
    const statuses = results.map((x) => (x.status === "rejected" ? (x.reason as { status: number }).status : 200));
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    await expect(verifyRecipientEmail(r.id, code, r.secrets)).rejects.toMatchObject({ status: 429, message: CODE_TOO_MANY_ATTEMPTS });
    expect((await db.recipient.findUniqueOrThrow({ where: { id: r.id } })).emailVerifiedAt).toBeNull();
  });

  it("resend a new code (old one dead) at most once per 30 seconds, and at most 5 code mails an hour to the address", async () => {
    // Through the routes, which count the address's code mails on the recipient row they find.
    const { share } = await emailShare();
    const r = await identifyRoute(share, { email: "invitee@example.com" });
    const first = await codeFromOutbox("invitee@example.com");
    await expect(sendCodeRoute(r.id, { secrets: r.secrets })).rejects.toBeInstanceOf(RateLimitError);
    const backdate = () => db.recipient.update({ where: { id: r.id }, data: { codeSentAt: new Date(Date.now() - 31_000) } });
    await backdate();
    expect(await sendCodeRoute(r.id, { secrets: r.secrets })).toEqual({ sent: true });
    expect(await listOutbox()).toHaveLength(3); // invitation + 2 codes
    const second = await codeFromOutbox("invitee@example.com");
    if (second !== first) {
      await expect(verifyRecipientEmail(r.id, first, r.secrets)).rejects.toMatchObject({ status: 400, message: CODE_WRONG });
    }
    // The identify call's code and 4 resends: the address's 5 code mails an hour.
    for (let i = 0; i < 3; i++) {
      await backdate();
      await sendCodeRoute(r.id, { secrets: r.secrets });
    }
    await backdate();
    await expect(sendCodeRoute(r.id, { secrets: r.secrets })).rejects.toMatchObject({ status: 429, message: CODE_MAILS_CAPPED });
    await expect(verifyRecipientEmail(r.id, await codeFromOutbox("invitee@example.com"), r.secrets)).resolves.toMatchObject({ emailVerified: true });
  });
});

describe("code guesses are rate limited (by the verify route, on the recipient row it finds)", () => {
  it("per recipient, before the code is even compared: the right code is refused too", async () => {
    setEnv({ RATE_LIMIT_SCALE: "0.1" }); // 20 guesses/hour per recipient → 2
    const { share } = await emailShare();
    const r = await createRecipient(share);
    const code = await codeFromOutbox("invitee@example.com");
    const wrong = code === "000000" ? "000001" : "000000";
    await expect(verifyCodeRoute(r.id, wrong, { secrets: r.secrets, client: TEST_CLIENT })).rejects.toMatchObject({ status: 400 });
    await expect(verifyCodeRoute(r.id, wrong, { secrets: r.secrets, client: TEST_CLIENT })).rejects.toMatchObject({ status: 400 });
    await expect(verifyCodeRoute(r.id, code, { secrets: r.secrets, client: TEST_CLIENT })).rejects.toBeInstanceOf(RateLimitError);
    const row = await db.recipient.findUniqueOrThrow({ where: { id: r.id } });
    expect(row).toMatchObject({ emailVerifiedAt: null, codeAttempts: 2 });
  });

  it("per address across recipients", async () => {
    setEnv({ RATE_LIMIT_SCALE: "0.05" }); // 60 guesses/hour per address → 3 (20 per recipient → 1)
    const owner = await createUser();
    const guesses = [];
    for (let i = 0; i < 4; i++) {
      const share = await createShare(owner.id, (await createDraft(owner.id)).id, { shareType: "email", recipientEmail: `guess${i}@example.com` });
      const r = await createRecipient(share, { client: { ip: `198.51.100.${i + 1}`, userAgent: "jest" } });
      guesses.push(verifyCodeRoute(r.id, "123456", { secrets: r.secrets, client: TEST_CLIENT }).then(() => 200, (e: { status: number }) => e.status));
    }
    const statuses = await Promise.all(guesses);
    // A correct guess by chance would be 200; either way only 3 of 4 were compared.
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});

describe("the agreement", () => {
  it("stores the whole evidence record with both SHA-256s, once", async () => {
    const owner = await createUser({ name: "Ada Lovelace" });
    const idea = await createDraft(owner.id, { title: "Engine", content: "<p>Gears &amp; cams</p>" });
    const share = await createShare(owner.id, idea.id);
    const r = await createRecipient(share, { name: "Grace Hopper", email: "grace@example.com", phone: "+44 20 7946 0000" });
    const client = { ip: "192.0.2.44", userAgent: "Mozilla/5.0 (evidence)" };
    const before = Date.now();
    const agreed = await acceptNda(r.id, r.secrets, client);
    expect(agreed).toEqual({ id: r.id, name: "Grace Hopper", email: "grace@example.com", phone: "+44 20 7946 0000", agreedToNda: true, emailVerified: true });

    const records = await db.ndaAcceptance.findMany();
    expect(records).toHaveLength(1);
    const [nda] = records;
    const text = agreementToText(
      buildAgreement({ ideaId: idea.id, ideaTitle: "Engine", sharerName: "Ada Lovelace", recipientName: "Grace Hopper", recipientEmail: "grace@example.com" }),
    );
    expect(nda).toMatchObject({
      recipientId: r.id,
      shareId: share.id,
      ideaId: idea.id,
      name: "Grace Hopper",
      email: "grace@example.com",
      phone: "+44 20 7946 0000",
      ip: "192.0.2.44",
      userAgent: "Mozilla/5.0 (evidence)",
      agreementVersion: AGREEMENT_VERSION,
      agreementText: text,
      agreementSha256: sha256(Buffer.from(text, "utf8")),
      // The idea's canonical export (what its own timestamp proves).
      contentSha256: sha256(htmlExport("Engine", "<p>Gears &amp; cams</p>")),
    });
    expect(nda.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(nda.agreementText).toContain("9. Evidence.");

    // Idempotent: same answer, no second record.
    expect(await acceptNda(r.id, r.secrets, client)).toEqual(agreed);
    expect(await db.ndaAcceptance.count()).toBe(1);
  });

  it("hashes a PDF idea's file bytes", async () => {
    const owner = await createUser();
    const pdf = await createPdfDraft(owner.id);
    const share = await createShare(owner.id, pdf.id);
    const r = await agreedRecipient(share);
    expect((await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: r.id } })).contentSha256).toBe(sha256(MINIMAL_PDF));
  });

  it("is refused on a revoked link", async () => {
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id)).id);
    const r = await createRecipient(share);
    await revokeShare(owner.id, share.id);
    await expect(acceptNda(r.id, r.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 404 });
    await expect(getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 404 });
  });
});

describe("identifying twice", () => {
  it("a second identification is a new recipient; the lib never reuses a secret", async () => {
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id)).id);
    const input = { name: "Grace Hopper", email: "grace@example.com", phone: null, accessToken: share.accessLink };
    const a = await createRecipientLib(input, TEST_CLIENT);
    const b = await createRecipientLib(input, TEST_CLIENT);
    expect(a.recipient.id).not.toBe(b.recipient.id);
    expect(a.secret).not.toBe(b.secret);
    expect(a.shareId).toBe(share.id);
  });
});

it("ForbiddenError is what the address mismatch throws", async () => {
  const { share } = await emailShare();
  await expect(createRecipient(share, { email: "x@example.com" })).rejects.toBeInstanceOf(ForbiddenError);
});
